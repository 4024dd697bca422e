import { Controller, Get, Header } from '@nestjs/common';
import { PublicEndpoint, RawResponse } from './decorators';

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Team chat server</title></head>
<body>
<h1>Team chat server</h1>
<p>This server speaks a Zulip-compatible HTTP/JSON API under <code>/api/v1</code>.
There is no web client: use the API, a Zulip client pointed at this address, or the
management CLI.</p>
<p>Start with <a href="/api/v1/server_settings"><code>GET /api/v1/server_settings</code></a>.</p>
</body>
</html>
`;

/** `GET /`: a short page naming the server and its API. */
@Controller()
export class RootController {
  @Get()
  @PublicEndpoint()
  @RawResponse()
  @Header('Content-Type', 'text/html; charset=utf-8')
  root(): string {
    return PAGE;
  }
}
