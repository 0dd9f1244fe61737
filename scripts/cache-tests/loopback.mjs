// Preloaded into the suite's test server (node --import): its server.listen(port) binds every
// interface; this makes a listen on a bare port bind 127.0.0.1 only.
import http from 'node:http'

const listen = http.Server.prototype.listen
http.Server.prototype.listen = function (...args) {
  const barePort = args.length >= 1 && ['number', 'string'].includes(typeof args[0]) &&
    (args.length === 1 || typeof args[1] === 'function')
  if (barePort) args.splice(1, 0, '127.0.0.1')
  return listen.apply(this, args)
}
