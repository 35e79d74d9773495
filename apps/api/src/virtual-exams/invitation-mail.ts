/** The text of Send Access Info (exams-and-devices §2.2, §7.1): when, where, the code, and what is needed. */
export function invitationMail(details: {
  organizationName: string;
  providerName: string | null;
  copyText: string;
  link: string;
  accessCode: string;
  scheduledStartDate: Date | null;
  scheduledEndDate: Date | null;
  timeZone: string;
}): { subject: string; text: string } {
  const who = details.providerName
    ? `${details.providerName} of ${details.organizationName}`
    : details.organizationName;
  let when = `${who} invites you to a virtual exam.`;
  if (details.scheduledStartDate && details.scheduledEndDate) {
    const day = new Intl.DateTimeFormat('en-US', { timeZone: details.timeZone, dateStyle: 'full' });
    const time = new Intl.DateTimeFormat('en-US', {
      timeZone: details.timeZone,
      timeStyle: 'short',
    });
    when =
      `${who} has scheduled a virtual exam with you on ${day.format(details.scheduledStartDate)}, ` +
      `from ${time.format(details.scheduledStartDate)} to ${time.format(details.scheduledEndDate)} (${details.timeZone} time).`;
  }
  return {
    subject: 'Your virtual exam on Auscura',
    text: [
      'Hello,',
      '',
      when,
      '',
      `Open this link: ${details.link}`,
      `and enter the access code: ${details.accessCode}`,
      '',
      details.copyText,
      '',
      'A virtual exam requires Google Chrome or Microsoft Edge on a desktop computer, with a camera and a microphone.',
      '',
      '— Auscura',
    ].join('\n'),
  };
}
