vcl 4.1;

# Varnish in front of the Pet Shop origin in ESI mode, configured to cache what wscache's edge
# caches: fragments and shared containers by Surrogate-Control max-age, containers keyed by the
# view cookie PS_VIEW (not by the whole Cookie header), never what says no-store or sets a
# cookie. The session cookie still goes to the origin with every fetch, ESI fetches included.
# @BACKEND_HOST@ and @BACKEND_PORT@ are replaced before varnishd is started.

import std;

backend origin {
    .host = "@BACKEND_HOST@";
    .port = "@BACKEND_PORT@";
    .connect_timeout = 5s;
    .first_byte_timeout = 30s;
    .between_bytes_timeout = 30s;
}

sub vcl_recv {
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # the built-in VCL passes every request with a Cookie header; the origin marks what is
    # personal with Surrogate-Control: no-store instead
    return (hash);
}

sub vcl_hash {
    hash_data(req.url);
    if (req.http.Cookie ~ "(^|;\s*)PS_VIEW=") {
        hash_data(regsub(req.http.Cookie, "^(.*;\s*)?PS_VIEW=([^;]*).*$", "\2"));
    }
    return (lookup);
}

sub vcl_backend_response {
    if (beresp.http.Surrogate-Control ~ "ESI/1\.0") {
        set beresp.do_esi = true;
    }
    if (beresp.http.Surrogate-Control ~ "no-store" || beresp.http.Set-Cookie
            || beresp.status != 200) {
        set beresp.uncacheable = true;
        set beresp.ttl = 0s;
        return (deliver);
    }
    if (beresp.http.Surrogate-Control ~ "max-age=[0-9]+") {
        set beresp.ttl = std.duration(regsub(beresp.http.Surrogate-Control,
                "^.*max-age=([0-9]+).*$", "\1") + "s", 0s);
        set beresp.grace = 0s;
        # containers vary by PS_VIEW, which vcl_hash already keys on
        unset beresp.http.Vary;
        return (deliver);
    }
}

sub vcl_deliver {
    unset resp.http.Surrogate-Control;
}
