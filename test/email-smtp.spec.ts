import * as net from 'node:net';
import { createTestRealm, TestRealm } from './support/api';
import { ServerProcess, startServer } from './support/server-process';

/** With `SMTP_URL` set, the email-change confirmation goes out over SMTP, and its link works. */

interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/** Just enough of an SMTP server (RFC 5321, no extensions) to receive mail on loopback. */
function fakeSmtpServer(received: ReceivedMail[]): net.Server {
  return net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 OK\r\n');
          } else {
            mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 localhost\r\n');
        else if (command === 'MAIL') {
          mail.from = line;
          socket.write('250 OK\r\n');
        } else if (command === 'RCPT') {
          mail.to.push(line);
          socket.write('250 OK\r\n');
        } else if (command === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (command === 'QUIT') {
          socket.end('221 Bye\r\n');
        } else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
}

describe('email-change mail over SMTP', () => {
  const received: ReceivedMail[] = [];
  let smtp: net.Server;
  let server: ServerProcess;
  let realm: TestRealm;

  beforeAll(async () => {
    smtp = fakeSmtpServer(received);
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.address() as net.AddressInfo;
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    realm = await createTestRealm('smtp', server);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('mails the confirmation link to the new address; opening it changes the address', async () => {
    const user = await realm.createUser('Mia Mail');
    const newEmail = `mia-new@${realm.subdomain}.test`;
    const response = await user.api.patch('settings', { email: newEmail });
    expect(response.body).toEqual({ result: 'success', msg: '' });

    for (let attempt = 0; received.length === 0 && attempt < 100; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(1);
    expect(received[0].to).toEqual([`RCPT TO:<${newEmail}>`]);
    const link = /http:\/\/\S+\/accounts\/confirm_new_email\/([a-z0-9]{24})/.exec(received[0].data.replace(/=\n/g, ''));
    expect(link).not.toBeNull();

    const page = await realm.api.request('GET', `/accounts/confirm_new_email/${(link as RegExpExecArray)[1]}`);
    expect(page.status).toBe(200);
    const key = await realm.api.post('fetch_api_key', { username: newEmail, password: 'user-password' });
    expect(key.status).toBe(200);
  });
});
