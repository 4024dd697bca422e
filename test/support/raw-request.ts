import * as http from 'node:http';
import * as net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A request as a browser on another site (or a script) would make it: any headers, a form body. */
export function rawRequest(port: number, host: string, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers: { host, ...headers }, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

/** A page's form as a browser holds it: the CSRF cookie (as set, with its attributes) and the form's token. */
export interface OpenedForm {
  path: string;
  setCookie: string;
  cookie: string;
  token: string;
}

/** A browser's visit to a page with a form. */
export async function openForm(port: number, host: string, path: string): Promise<OpenedForm> {
  const page = await rawRequest(port, host, 'GET', path);
  if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}`);
  const setCookie = String(page.headers['set-cookie'] ?? '');
  const cookie = /csrftoken=([^;]+)/.exec(setCookie)?.[1];
  const token = /name="csrfmiddlewaretoken" value="([^"]+)"/.exec(page.body)?.[1];
  if (!cookie || !token) throw new Error(`no CSRF cookie or token on ${path}: ${setCookie}`);
  return { path, setCookie, cookie, token };
}

/** The form opened before, POSTed with its cookie and token. */
export function postForm(port: number, host: string, form: OpenedForm, fields: Record<string, string>): Promise<RawAnswer> {
  const body = new URLSearchParams({ ...fields, csrfmiddlewaretoken: form.token }).toString();
  return rawRequest(port, host, 'POST', form.path, {
    cookie: `csrftoken=${form.cookie}`,
    'content-type': 'application/x-www-form-urlencoded',
    'content-length': String(Buffer.byteLength(body)),
  }, body);
}

/** A page's form opened and sent at once. */
export async function submitForm(port: number, host: string, path: string, fields: Record<string, string>): Promise<{ setCookie: string; answer: RawAnswer }> {
  const form = await openForm(port, host, path);
  return { setCookie: form.setCookie, answer: await postForm(port, host, form, fields) };
}

/** Writes `head` and reads until the server closes the connection (or 20 s pass). */
export function rawExchange(port: number, head: string): Promise<{ text: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      // Keep-alive may leave the socket open after a complete answer.
      const split = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text);
      if (split >= 0 && length && text.length - split - 4 >= Number(length[1])) socket.destroy();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ text }));
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer in 20 s; got: ${text}`));
    }, 20_000).unref();
  });
}
