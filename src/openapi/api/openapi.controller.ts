import { Controller, Get, Header, Inject } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { PublicEndpoint, RawResponse } from '../../wire/decorators';
import { OpenApiDocumentService } from './openapi-document.service';

const PAGE = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Team chat server API</title>
<link rel="stylesheet" href="/api/v1/docs/swagger-ui.css">
</head>
<body>
<div id="api-reference"></div>
<script src="/api/v1/docs/swagger-ui-bundle.js"></script>
<script src="/api/v1/docs/init.js"></script>
</body>
</html>
`;

const INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: '/api/v1/openapi.json', dom_id: '#api-reference', deepLinking: true });\n`;

/** The API's OpenAPI 3.1 document and a page to browse it; both public, like the API's own description. */
@Controller('api/v1')
export class OpenApiController {
  constructor(@Inject(OpenApiDocumentService) private readonly documents: OpenApiDocumentService) {}

  @Get('openapi.json')
  @PublicEndpoint()
  @RawResponse()
  @Header('Content-Type', 'application/json; charset=utf-8')
  document(): string {
    return this.documents.json();
  }

  @Get('docs')
  @PublicEndpoint()
  @RawResponse()
  @Header('Content-Type', 'text/html; charset=utf-8')
  // The one page that runs scripts: its own files only (no inline script), and Swagger UI's inline styles.
  @Header('Content-Security-Policy', "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'")
  page(): string {
    return PAGE;
  }

  @Get('docs/init.js')
  @PublicEndpoint()
  @RawResponse()
  @Header('Content-Type', 'application/javascript; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=86400')
  initScript(): string {
    return INIT_SCRIPT;
  }

  @Get('docs/swagger-ui.css')
  @PublicEndpoint()
  @RawResponse()
  @Header('Content-Type', 'text/css; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=86400')
  stylesheet(): Promise<Buffer> {
    return swaggerUiFile('swagger-ui.css');
  }

  @Get('docs/swagger-ui-bundle.js')
  @PublicEndpoint()
  @RawResponse()
  @Header('Content-Type', 'application/javascript; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=86400')
  script(): Promise<Buffer> {
    return swaggerUiFile('swagger-ui-bundle.js');
  }
}

const files = new Map<string, Promise<Buffer>>();

/** A file of the pinned `swagger-ui-dist` package (served locally: no CDN), read once. */
function swaggerUiFile(name: string): Promise<Buffer> {
  let file = files.get(name);
  if (!file) {
    file = readFile(path.join(path.dirname(require.resolve('swagger-ui-dist/package.json')), name));
    files.set(name, file);
  }
  return file;
}
