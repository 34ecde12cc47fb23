/**
 * Abuse limits (issue 17 §5): a user writing, searching or uploading faster than
 * any class works is asked to wait, and a community whose files fill its share
 * of the server's disk gets no more. `{seconds}` is the wait (also sent as
 * Retry-After); `{used}` and `{quota}` are megabytes.
 */
export const LimitMessages = {
  tooManyWrites: 'You are saving very quickly: wait {seconds} s, then try again.',
  tooManySearches: 'Too many searches in a short time: wait {seconds} s, then search again.',
  tooManyUploads: 'Too many files sent in a short time: wait {seconds} s, then send this one again.',
  communityQuotaFull: 'This community has no room left for this file ({used} MB of {quota} MB used): it was not saved. Tell your teacher.',
} as const;
