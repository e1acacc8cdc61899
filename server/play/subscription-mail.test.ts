// A plan's e-mails name days on the church's clock (docs/giving.md "Which clock"): a period that ends
// at 01:00 UTC ends on the evening before in Brasília, and the member is told that evening's day.
import { describe, expect, it } from 'vitest';
import { renewalDeclinedMail, subscriptionEndingMail } from './subscription-mail.ts';

const values = {
  name: 'Maria',
  church: 'Igreja da Graça',
  plan: 'Mensal',
  paidUntil: new Date('2027-01-10T01:00:00Z'),
  link: 'http://graca.localhost/play/my-plan',
};

describe("a plan's e-mails", () => {
  it("name the end of the paid period on the church's clock", () => {
    const brasilia = subscriptionEndingMail('pt', 'm@x.test', {
      ...values,
      zone: 'America/Sao_Paulo',
      cardRenewal: true,
    });
    expect(brasilia.subject).toContain('9 de janeiro de 2027');
    const lisbon = subscriptionEndingMail('pt', 'm@x.test', {
      ...values,
      zone: 'Europe/Lisbon',
      cardRenewal: true,
    });
    expect(lisbon.subject).toContain('10 de janeiro de 2027');
  });

  it("name the next try of a declined renewal on the church's clock", () => {
    const mail = renewalDeclinedMail('en', 'm@x.test', {
      ...values,
      zone: 'America/Los_Angeles',
      retryAt: new Date('2027-01-13T06:00:00Z'),
      now: new Date('2027-01-10T06:00:00Z'),
    });
    expect(mail.text).toContain('January 12, 2027');
  });
});
