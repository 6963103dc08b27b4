#!/usr/bin/env bash
# Opens a simulator report.html in headless Chromium and checks that it loads with no errors and shows both
# charts (each <img> decoded, with the chart's natural size): work and completion, or for the overload model
# goodput and the panels. Also saves a screenshot to look at.
#
#   scripts/check-report.sh [REPORT_HTML] [SCREENSHOT_PNG]     (screenshot default: target/check-report.png)
#
# Without REPORT_HTML it builds backoff-sim, runs a short sweep and checks that sweep's report.
# Needs Debian's chromium (apt-get install -y chromium). Exit status 0 when the report passes, 1 when it fails,
# 2 when it cannot be checked.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [[ ! -x "$CHROMIUM" ]]; then
  echo "check-report: $CHROMIUM not found (apt-get install -y chromium)" >&2
  exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

report=${1:-}
mkdir -p target
screenshot=${2:-$PWD/target/check-report.png}
if [[ -z "$report" ]]; then
  ./mvnw -B -q -pl backoff-sim -am install -DskipTests
  ./mvnw -B -q -pl backoff-sim dependency:build-classpath -Dmdep.outputFile="$work/cp.txt" -DincludeScope=runtime
  java -cp "backoff-sim/target/classes:$(cat "$work/cp.txt")" io.github.backoff.sim.SimulationMain \
    --clients 10..50:20 --runs 10 --out "$work/sim" --quiet > /dev/null
  report=$work/sim/report.html
fi
[[ -f "$report" ]] || { echo "check-report: no such file: $report" >&2; exit 2; }

# A copy of the report with a probe appended: after the load event it writes into the page whether each chart
# image decoded and every error the page raised. The report itself has no script.
probe=$work/probe.html
cp "$report" "$probe"
cat >> "$probe" <<'PROBE'
<script>
  var problems = [];
  window.addEventListener('error', function (e) {
    problems.push('error: ' + (e.message || (e.target && (e.target.id || e.target.tagName))));
  }, true);
  window.addEventListener('load', function () {
    var overload = !!document.getElementById('goodput-chart'); // the overload model's report
    (overload ? ['goodput-chart', 'overload-chart'] : ['work-chart', 'completion-chart']).forEach(function (id) {
      var img = document.getElementById(id);
      if (!img) { problems.push(id + ': missing'); return; }
      if (!img.complete || img.naturalWidth === 0) { problems.push(id + ': not decoded'); return; }
      var box = img.getBoundingClientRect();
      if (box.width < 100 || box.height < 100) { problems.push(id + ': shown too small'); return; }
      problems.push(id + ': ok ' + img.naturalWidth + 'x' + img.naturalHeight);
    });
    var table = overload ? 'summary' : 'results';
    if (!document.getElementById(table)) { problems.push(table + ' table: missing'); }
    var out = document.createElement('pre');
    out.id = 'check-report';
    out.textContent = problems.join('\n');
    document.body.appendChild(out);
  });
</script>
PROBE

flags=(--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking
  --disable-component-update --disable-sync --user-data-dir="$work/profile" --virtual-time-budget=5000
  --enable-logging=stderr --v=0)
if ! timeout 120 "$CHROMIUM" "${flags[@]}" --dump-dom "file://$(realpath "$probe")" \
    > "$work/dom.html" 2> "$work/chromium.log"; then
  echo "check-report: chromium failed:" >&2
  tail -20 "$work/chromium.log" >&2
  exit 2
fi
timeout 120 "$CHROMIUM" "${flags[@]}" --window-size=1100,1900 --hide-scrollbars --screenshot="$screenshot" \
  "file://$(realpath "$report")" > /dev/null 2>> "$work/chromium.log" || true

result=$(sed -n '/<pre id="check-report">/,/<\/pre>/p' "$work/dom.html" | sed 's/<[^>]*>//g')
echo "$result"
failed=0
if [[ -z "$result" ]]; then
  echo "check-report: FAIL: the probe did not run (page did not load?)"; failed=1
fi
if grep -v ': ok ' <<< "$result" | grep -q .; then
  echo "check-report: FAIL: problems above"; failed=1
fi
if [[ $(grep -c ': ok ' <<< "$result") -ne 2 ]]; then
  echo "check-report: FAIL: expected two decoded charts"; failed=1
fi
# Console errors and failed loads that the probe cannot see (e.g. a resource the page tried to fetch).
if grep -E 'Failed to load resource|Uncaught|ERR_(FILE|INVALID|BLOCKED)|Not allowed to load' "$work/chromium.log"; then
  echo "check-report: FAIL: chromium logged errors for the page"; failed=1
fi
if [[ -f "$screenshot" ]]; then
  echo "screenshot: $screenshot ($(stat -c %s "$screenshot") bytes)"
fi
if [[ $failed -eq 0 ]]; then
  echo "check-report: OK: $report loads with no errors and shows both charts"
fi
exit $failed
