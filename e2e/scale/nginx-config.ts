// The scale tier's nginx in front of the console replicas (round robin, traces started at the balancer), for
// e2e/scale/parts.ts and bench/load-held.bench.ts.

interface NginxOptions {
  /** Where nginx keeps its pid, its log and its temporary files. */
  dir: string
  listen: number
  replicas: number[]
  /** Each client holds a connection to nginx and nginx one to a replica: a bench of many sessions needs room. */
  workerConnections: number
}

export function nginxConfig({ dir, listen, replicas, workerConnections }: NginxOptions): string {
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${dir}/nginx-body;
  proxy_temp_path ${dir}/nginx-proxy;
  fastcgi_temp_path ${dir}/nginx-fastcgi;
  uwsgi_temp_path ${dir}/nginx-uwsgi;
  scgi_temp_path ${dir}/nginx-scgi;
  # max_fails=0: a replica that refused one connection is tried again on the next request, not shunned for
  # seconds, so the moment both are back nothing waits on a stale mark.
  map $request_id $balancer_span {
    "~^(?<span>[0-9a-f]{16})" $span;
  }
  upstream console {
    ${replicas.map((port) => `server 127.0.0.1:${port} max_fails=0;`).join('\n    ')}
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://console;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      # The load balancer starts each trace, as nginx's OpenTelemetry module would: $request_id is 32 hex digits, a
      # trace id, and its first 16 name the balancer's span.
      proxy_set_header traceparent 00-$request_id-$balancer_span-01;
      proxy_next_upstream error timeout;
      proxy_buffering off;
    }
  }
}
`
}
