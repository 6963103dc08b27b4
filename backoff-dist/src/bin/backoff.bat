@echo off
rem The backoff command, from its distribution archive, for Windows.
rem Java: %JAVA_HOME%\bin\java.exe if JAVA_HOME is set, else java on the PATH (17 or later).
rem Extra JVM options: BACKOFF_OPTS.
setlocal
set "BACKOFF_HOME=%~dp0.."
if defined JAVA_HOME (
  set "JAVACMD=%JAVA_HOME%\bin\java.exe"
) else (
  set "JAVACMD=java.exe"
)
"%JAVACMD%" %BACKOFF_OPTS% -Djava.awt.headless=true -cp "%BACKOFF_HOME%\lib\*" io.github.backoff.cli.BackoffCommand %*
set "BACKOFF_EXIT=%ERRORLEVEL%"
endlocal & exit /b %BACKOFF_EXIT%
