/** The interface's error codes (the `ErrorCode` of its error body). */
export const MailErrorCode = {
  badToken: 10,
  invalidJson: 402,
  incompatibleJson: 403,
  jsonRequired: 409,
  serverNotFound: 601,
  invalidWebhookUrl: 606,
  invalidColor: 607,
  nothingToUpdate: 609,
  invalidSpamThreshold: 611,
} as const;
