package io.github.backoff.cli.lint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads JSON (RFC 8259) into what a linter needs to see, and nothing lost that matters to one: objects as
 * insertion-ordered maps (a key given twice is reported), arrays as lists, strings as {@link String}, numbers as
 * {@link Double} (so {@code "5"} and {@code 5} stay apart), {@code true}/{@code false} as {@link Boolean}, and
 * {@code null} as {@link #NULL}. Dependency-free, so that the command line does not carry a JSON library (or
 * grpc-java) for one sub-command.
 *
 * <p>Not thread-safe: one instance per document.
 */
public final class JsonReader {
  /** JSON's {@code null}, distinct from an absent key. */
  static final Object NULL = new Object() {
    @Override
    public String toString() {
      return "null";
    }
  };

  /** Thrown for text that is not JSON, with the line and column. */
  public static final class MalformedJsonException extends Exception {
    private static final long serialVersionUID = 1L;

    MalformedJsonException(String message) {
      super(message);
    }
  }

  private final String text;
  private final List<String> duplicates = new ArrayList<>();
  private int pos;

  private JsonReader(String text) {
    this.text = text;
  }

  /** The document's value, and the paths of keys given twice (the last one wins, as in grpc-java's reader). */
  record Document(Object value, List<String> duplicateKeys) {}

  static Document read(String text) throws MalformedJsonException {
    JsonReader r = new JsonReader(text);
    r.skipWhitespace();
    Object value = r.value("");
    r.skipWhitespace();
    if (r.pos < text.length()) {
      throw r.error("unexpected text after the document");
    }
    return new Document(value, List.copyOf(r.duplicates));
  }

  private Object value(String path) throws MalformedJsonException {
    if (pos >= text.length()) {
      throw error("unexpected end of the document");
    }
    char c = text.charAt(pos);
    switch (c) {
      case '{':
        return object(path);
      case '[':
        return array(path);
      case '"':
        return string();
      case 't':
        return literal("true", Boolean.TRUE);
      case 'f':
        return literal("false", Boolean.FALSE);
      case 'n':
        return literal("null", NULL);
      default:
        if (c == '-' || (c >= '0' && c <= '9')) {
          return number();
        }
        throw error("unexpected character '" + c + "'");
    }
  }

  private Map<String, Object> object(String path) throws MalformedJsonException {
    Map<String, Object> map = new LinkedHashMap<>();
    pos++;
    skipWhitespace();
    if (peek() == '}') {
      pos++;
      return map;
    }
    for (;;) {
      skipWhitespace();
      if (peek() != '"') {
        throw error("expected a field name in double quotes");
      }
      String key = string();
      skipWhitespace();
      expect(':');
      skipWhitespace();
      String child = path.isEmpty() ? key : path + "." + key;
      Object v = value(child);
      if (map.put(key, v) != null) {
        duplicates.add(child);
      }
      skipWhitespace();
      char c = next();
      if (c == '}') {
        return map;
      }
      if (c != ',') {
        throw error(pos - 1, "expected ',' or '}'");
      }
    }
  }

  private List<Object> array(String path) throws MalformedJsonException {
    List<Object> list = new ArrayList<>();
    pos++;
    skipWhitespace();
    if (peek() == ']') {
      pos++;
      return list;
    }
    for (;;) {
      skipWhitespace();
      list.add(value(path + "[" + list.size() + "]"));
      skipWhitespace();
      char c = next();
      if (c == ']') {
        return list;
      }
      if (c != ',') {
        throw error(pos - 1, "expected ',' or ']'");
      }
    }
  }

  private String string() throws MalformedJsonException {
    int start = pos;
    pos++;
    StringBuilder sb = new StringBuilder();
    for (;;) {
      if (pos >= text.length()) {
        throw error(start, "unterminated string");
      }
      char c = text.charAt(pos++);
      if (c == '"') {
        return sb.toString();
      }
      if (c < 0x20) {
        throw error(pos - 1, "control character in a string");
      }
      if (c != '\\') {
        sb.append(c);
        continue;
      }
      char e = next();
      switch (e) {
        case '"', '\\', '/' -> sb.append(e);
        case 'b' -> sb.append('\b');
        case 'f' -> sb.append('\f');
        case 'n' -> sb.append('\n');
        case 'r' -> sb.append('\r');
        case 't' -> sb.append('\t');
        case 'u' -> {
          if (pos + 4 > text.length()) {
            throw error("truncated \\u escape");
          }
          try {
            sb.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
          } catch (NumberFormatException ex) {
            throw error("bad \\u escape");
          }
          pos += 4;
        }
        default -> throw error(pos - 1, "bad escape '\\" + e + "'");
      }
    }
  }

  private Double number() throws MalformedJsonException {
    int start = pos;
    if (peek() == '-') {
      pos++;
    }
    digits();
    if (peek() == '.') {
      pos++;
      digits();
    }
    if (peek() == 'e' || peek() == 'E') {
      pos++;
      if (peek() == '+' || peek() == '-') {
        pos++;
      }
      digits();
    }
    return Double.parseDouble(text.substring(start, pos));
  }

  private void digits() throws MalformedJsonException {
    int start = pos;
    while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
      pos++;
    }
    if (pos == start) {
      throw error("expected a digit");
    }
  }

  private Object literal(String word, Object value) throws MalformedJsonException {
    if (!text.startsWith(word, pos)) {
      throw error("unexpected text (not true, false or null)");
    }
    pos += word.length();
    return value;
  }

  private void skipWhitespace() {
    while (pos < text.length() && " \t\r\n".indexOf(text.charAt(pos)) >= 0) {
      pos++;
    }
  }

  private char peek() {
    return pos < text.length() ? text.charAt(pos) : '\0';
  }

  private char next() throws MalformedJsonException {
    if (pos >= text.length()) {
      throw error("unexpected end of the document");
    }
    return text.charAt(pos++);
  }

  private void expect(char c) throws MalformedJsonException {
    if (peek() != c) {
      throw error("expected '" + c + "'");
    }
    pos++;
  }

  private MalformedJsonException error(String message) {
    return error(pos, message);
  }

  private MalformedJsonException error(int at, String message) {
    int line = 1;
    int column = 1;
    for (int i = 0; i < Math.min(at, text.length()); i++) {
      if (text.charAt(i) == '\n') {
        line++;
        column = 1;
      } else {
        column++;
      }
    }
    return new MalformedJsonException("line " + line + ", column " + column + ": " + message);
  }
}
