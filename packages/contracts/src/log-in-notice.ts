/**
 * What a visitor reads when a page needs a session they do not have (messages.auth.pleaseLogIn). Its own
 * module so the web app's first script can say it without carrying every message of the product.
 */
export const PLEASE_LOG_IN = 'Please log in to access your account';
