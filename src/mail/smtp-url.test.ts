import { expect, spyOn, test } from "bun:test";
import legacyUrl from "node:url";
import { startSmtpServer } from "../../tests/helpers/smtp";
import { smtpOptions } from "./smtp-url";
import { createMailTransport } from "./transport.server";

test("an SMTP_URL gives the options nodemailer documents for it", () => {
  expect(smtpOptions("smtp://127.0.0.1:2525")).toEqual({ secure: false, port: 2525, host: "127.0.0.1" });
  expect(smtpOptions("smtps://mailer%40shop.example:p%40ss%3Aword@smtp.example.com:465")).toEqual({
    secure: true,
    port: 465,
    host: "smtp.example.com",
    auth: { user: "mailer@shop.example", pass: "p@ss:word" },
  });
  expect(smtpOptions("smtp://user:pw@smtp.example.com:587?pool=true&maxConnections=3&tls.rejectUnauthorized=false&name=www.shop.example&a.b=1")).toEqual({
    secure: false,
    port: 587,
    host: "smtp.example.com",
    auth: { user: "user", pass: "pw" },
    pool: true,
    maxConnections: 3,
    tls: { rejectUnauthorized: false },
    name: "www.shop.example",
  });
  expect(smtpOptions("smtp://[::1]:25").host).toBe("::1");
});

test("sending through SMTP never calls the deprecated url.parse(), whose warning the site printed at every start; the mail arrives", async () => {
  const smtp = await startSmtpServer();
  const parse = spyOn(legacyUrl, "parse");
  try {
    await createMailTransport(smtp.url).send({ from: "shop@adelaide-discreet.com.au", to: "sam@client.example", subject: "Hello", text: "Hi" });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to).toEqual(["sam@client.example"]);
    expect(parse).not.toHaveBeenCalled();
  } finally {
    parse.mockRestore();
    await smtp.close();
  }
});
