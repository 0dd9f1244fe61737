# Sourced by the wrk scripts: start_page_origin DIR PORT writes a 716-byte page.html into DIR
# and serves DIR on 127.0.0.1:PORT with Cache-Control: max-age=3600 (always a hit at the edge);
# sets ORIGIN to the server's process id.
start_page_origin() {
  head -c 716 /dev/zero | tr '\0' 'x' > "$1/page.html"
  python3 - "$1" "$2" <<'PY' &
import http.server, sys, os
os.chdir(sys.argv[1])
class H(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Cache-Control", "max-age=3600")
        super().end_headers()
    def log_message(self, *a):
        pass
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), H).serve_forever()
PY
  ORIGIN=$!
  sleep 1
}
