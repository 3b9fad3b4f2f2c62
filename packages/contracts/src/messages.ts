import { PLEASE_LOG_IN } from './log-in-notice';

/**
 * Every user-facing message text of the product spec (docs/product-rules.md), exported once and used by
 * both the web app and the server. Tests assert on these same constants.
 */
export const messages = {
  validation: {
    invalidEmail: 'Please enter a valid email address',
    invalidEmailFormat: 'Invalid email format',
    onlyImages: 'Only image files are allowed',
    noFile: 'No file provided',
    otherRoomTypeRequired: 'Please fill in the other room type',
    unsupportedFile: 'Unsupported file ... Please use JPG, PNG, or WebP images under 10MB. HEIC and AVIF formats are also not supported.',
    /** The spec's refusal with its "..." told: which file, and the real reason (its type, its size, not an image). */
    unsupportedFileBecause: (reason: string) =>
      `Unsupported file: ${reason}. Please use JPG, PNG, or WebP images under 10MB. HEIC and AVIF formats are also not supported.`,
    roomPhotoRequired: 'Room photo required: Please upload a photo of your room to continue.',
    itemDescriptionsRequired: 'Item descriptions required: Please describe each furniture/decor item you uploaded.',
    architecturalChangesRequired: 'Please specify your architectural change preferences',
    feedbackRequiredTitle: 'Feedback required',
    feedbackRequired: "Please tell us what you'd like to change.",
    passwordTooShort: 'Password must be at least 8 characters',
    passwordsDontMatch: "Passwords don't match",
    missingInformationTitle: 'Missing Information',
    missingInformation: 'Please enter both your name and email address.',
    signInExpired: 'The sign-in request has expired. Please try again.',
  },
  auth: {
    pleaseLogIn: PLEASE_LOG_IN,
    noAdminAccess: 'You do not have admin access',
    noAccount: 'No account exists for this email. Please subscribe first.',
    noGoogleAccount: 'No account exists for this Google email. Please subscribe first.',
    loginCancelled: 'Login Cancelled',
    loginFailed: 'Login Failed',
    noEmailForSignIn: 'No email found for sign-in...',
    userNotFound: 'User not found. Please create an account before logging in.',
    noSignInRequest: 'No sign-in request found. Please try again.',
    checkYourEmail: 'Check Your Email',
    loggedOutTitle: 'Logged Out',
    loggedOut: 'You have been successfully logged out',
    logoutFailed: 'Failed to log out properly',
  },
  account: {
    loadFailed: 'Failed to load account data',
    profileUpdateFailed: 'Failed to update user profile',
    profileUpdated: 'Success: User profile updated successfully',
    deleteDesignFailed: 'Failed to delete design',
    saveDesignsFailed: 'Failed to save user designs',
    designSaved: (name: string) => `AI design - ${name} has been saved to your collection`,
    updateDesignFailed: 'Failed to update room design',
    saveStyleLensFailed: 'Failed to save active style lens',
    styleLensSaved: 'Active style lens has been saved successfully',
    subscriptionAccessFailed: 'Unable to access subscription management',
    portalOpenFailed: 'Failed to open subscription management',
    portalNotActivated: 'Billing portal not activated. Please contact support.',
    noResultsPageTitle: 'No results page',
    noResultsPage:
      "This is an older saved design without a results page. You can still download this image, but to view the transformation page you'll need to create a new design.",
    shareContentFailed: 'Failed to create shareable content. Please try again.',
    linkCopied: 'Link copied!',
    downloadStarted: 'Download started',
    fetchImageFailed: 'Failed to fetch image',
    downloadFailedTitle: 'Download failed',
    downloadFailed: 'There was an error downloading the image.',
  },
  /** The page the e-mail-change link opens: it shows the account and waits for a press (ADR 032). */
  emailChange: {
    title: 'Confirm your new e-mail address',
    checking: 'Checking your link...',
    joins: (email: string, accountEmail: string) =>
      `This makes ${email} the e-mail address of the Room Visualizer account that now uses ${accountEmail}.`,
    consequence:
      'Everyone signed in to that account is signed out and its password is removed; you are signed in here with the new address. If you did not ask for this, do not confirm.',
    confirm: 'Confirm my new e-mail address',
    confirming: 'Confirming...',
    cancel: 'Not now',
    failed: 'Your new e-mail address could not be confirmed. Please try again.',
  },
  admin: {
    fetchRoomSharesFailed: 'Failed to fetch room shares',
    fetchBugReportsFailed: 'Failed to fetch bug reports',
    fetchRefundedPaymentsFailed: 'Failed to fetch refunded payments',
    fetchFeedbackFailed: 'Failed to fetch design feedback',
    fetchUsersFailed: 'Failed to fetch users',
    resetCreditsFailed: 'Failed to reset credits',
    creditsReset: 'Credits Reset Successfully',
    resetCreditsTitle: 'Reset User Credits?',
    /** An admin may not give themselves credits (ADR 058). */
    cannotResetOwnCredits: 'You cannot reset your own credits. Another admin can.',
    fetchAuditLogFailed: 'Failed to fetch the audit log',
    noAuditEntries: 'No admin actions yet.',
  },
  bugReport: {
    failed: 'Failed to submit bug report',
    submitted: 'Report Submitted',
  },
  billing: {
    paymentFailed: 'Payment Failed',
    subscriptionActive: 'Subscription Active!',
    createSubscriptionFailed: 'Failed to create subscription',
    noCheckoutUrl: 'No checkout URL received',
    subscriptionError: 'Subscription Error',
    noSessionId: 'No session ID found',
    accountCreationFailed: 'Account creation failed',
    accountSetupError: 'Account Setup Error',
    accountCreationFailedTitle: 'Account Creation Failed',
    accountCreationFailedBody: 'Please try again or contact support.',
    accountCreated: 'Account Created Successfully!',
    invalidAccess: 'Invalid Access',
    /** A signed-out checkout for an e-mail that already has an account (nothing about it is changed). */
    /** A paid action (design, refine, Fix Room) without an active subscription. */
    noToolAccess: 'Your subscription is not active. Subscribe to use the design tools.',
    accountExistsSignIn: 'An account already exists for this email. Please log in to subscribe.',
    alreadySubscribed: 'You already have an active subscription. Manage it from your account page.',
    /** The rare race: the account for the e-mail appeared while the buyer was paying. */
    paidButAccountExists:
      'Your payment went through, but an account already exists for this email. Please log in to see it, and contact support so we can move your payment to it.',
    paymentRefundedTitle: 'Payment refunded',
    /** A payment that made no account, cancelled and refunded in full at the provider (ADR 055). */
    paymentRefunded:
      'An account already exists for this email, so this payment was not needed: we cancelled it and refunded it in full. Please log in to see your account.',
    /** A signed-in subscriber's second paid subscription, cancelled and refunded in full (ADR 055). */
    secondSubscriptionRefunded:
      'You already have an active subscription, so this payment was not needed: we cancelled it and refunded it in full.',
    checkoutNotFound: "We couldn't find this checkout. Please start again from the pricing page.",
    cardDeclined: 'Your card was declined. Please try another card.',
    paymentRefused: 'The payment service could not complete this request. Please try again or contact support.',
  },
  tools: {
    processDesignFailed: 'Failed to process room design',
    serverError: (status: number) => `Server error (${status})`,
    designComplete: 'Design complete!',
    kitchenError: (message: string) => `Error generating design: ${message}`,
    creditErrorTitle: 'Credit Error',
    processCreditsFailed: 'Failed to process credits',
    fixRoomFailed: 'Failed to fix room. Please try again.',
    /** A new design while MAX_RUNNING_DESIGNS of the user's are still being made (429). */
    tooManyRunning: 'You already have designs being generated. Please wait for one to finish.',
    /** Beside the first design's Fix Room and Refine, disabled once it has been refined (spec: first-stage buttons). */
    refineLatestVersion: 'This design has been refined: keep refining the latest version, in Refined Design below.',
    refineFailed: 'Failed to refine design. Please try again.',
    tweakUploadFailed: 'Failed to upload tweak images. Please try again.',
    shareRoomFailed: 'Failed to share room',
    roomShared: 'Room Shared!',
    feedbackFailed: 'Failed to submit feedback',
    feedbackThanks: 'Thank you!',
    fetchStoresFailed: 'Failed to fetch stores',
    noStores: 'No stores found for your criteria. Try a different price range.',
  },
  /** Work survives navigation (ADR 054): a tool form's draft, and a design being made when its person left. */
  drafts: {
    restored: 'Welcome back: what you entered here last time is still here, photos too.',
    clear: 'Clear form',
    cleared: 'The form is cleared.',
  },
  leftDesign: {
    beingMade: 'Your design is still being made. It carries on even when you leave this page.',
    ready: 'Your design is ready.',
    failed: 'Your last design could not be made. Your credit was not used.',
    view: 'View your design',
    dismiss: 'Dismiss',
  },
  /** What a design's event stream says its job is doing (ADR 066): the loading screen shows it beside the spec's steps. */
  designProgress: {
    queued: (place: number) => (place <= 1 ? 'Queued: yours is next' : `Queued: ${place - 1} ahead of yours`),
    analysing: 'Analysing your photos and drawing the designs',
    image: (n: number, of: number) => `Image ${n} of ${of}`,
    checking: (n: number, of: number) => `Checking the architecture of image ${n} of ${of}`,
    finishing: 'Writing the analysis',
    /** The stream ended because its server is stopping: the browser asks another one at once. */
    reconnecting: 'Reconnecting...',
  },
  /**
   * What the local preview engine says on a result about the parts of a request it could not honour (issue 51):
   * shown to the design's owner under "Made by the local preview engine, not by AI", which says how to turn a
   * real engine on. `words` are the request's own ("dark green armchair").
   */
  localEngine: {
    cannotAdd: (words: string) => `The local preview engine cannot add ${withArticle(words)}; a real engine would.`,
    cannotFind: (part: string, colour: string) =>
      `The local preview engine could not find the ${part} in your photo, so it did not make them ${colour}; a real engine would.`,
    cannotChange: (words: string) => `The local preview engine cannot change the ${words}; a real engine would.`,
    notesTitle: 'What it did not do',
  },
  /** A home of several rooms (ADR 065). */
  homes: {
    nameRequired: 'Please name your home.',
  },
  /** 'Change only here': the brush on a result and the painted area a refinement keeps to (ADR 022). */
  refineMask: {
    changeOnlyHere: 'Change only here',
    brushHelp: 'Paint over the part of the picture you want to change. Everything else stays exactly as it is.',
    keyboardHelp: 'Arrow keys move the cross, Enter marks one corner and then the opposite one; Shift with an arrow moves further.',
    paint: 'Paint',
    erase: 'Erase',
    brushSize: 'Brush size',
    undo: 'Undo',
    clear: 'Clear',
    done: 'Stop painting',
    canvasLabel: 'Painting area: the part you paint is the only part a refinement changes',
    gettingReady: 'The brush is getting ready: you can paint in a moment.',
    painted: 'Only the painted area will change.',
    refineThisArea: 'Refine this area',
    changedArea: 'The changed area',
    showChangedArea: 'Show the changed area',
    notPng: 'The painted area must be sent as a PNG image.',
    unreadable: 'The painted area could not be read. Please paint it again.',
    wrongSize: (width: number, height: number) =>
      `The painted area must be the size of the image it was painted on (${width} x ${height} pixels). Please paint it again.`,
    empty: 'Nothing is painted. Paint the part of the picture you want to change, or clear the brush to refine the whole picture.',
    whole: 'The whole picture is painted. To change all of it, clear the brush and refine without it.',
    notThisImage: 'The painted area belongs to another image. Please paint it again.',
    uploadFailed: 'Failed to send the painted area. Please try again.',
  },
  styleLens: {
    ready: "You're Ready!",
    readyDescription: '10 photos is the most a StyleLens uses.',
    tooFewPhotos: 'Please add at least 5 photos to build your StyleLens.',
    tooManyPhotos: 'You can add up to 10 photos.',
    analysisFailed: 'StyleLens analysis failed',
    analysisIncomplete: 'The style analysis came back incomplete. Please try again.',
    analysisTimedOut: 'The style analysis took too long. Please try again.',
    created: 'Your StyleLens is ready. Save it to use it in your designs.',
    nothingToSave: 'There is no StyleLens to save yet.',
    applied: 'Your StyleLens is applied',
    notApplied: 'Your StyleLens is left out of this design',
    useForDesign: 'Use my StyleLens for this design',
  },
  empty: {
    noSavedDesigns: "You haven't saved any designs yet.",
    noDesignsSaved: 'No designs saved yet.',
    noUsers: 'No users yet',
    noRoomShares: 'No room shares yet',
    noFeedback: 'No design feedback yet',
    noBugReports: 'No bug reports yet',
    noRefundedPayments: 'No refunded payments yet',
  },
  server: {
    internal: 'Something went wrong on our side. Please try again.',
    notFound: 'Not found',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
    forbiddenOrigin: 'Request refused: it did not come from this site.',
    validation: 'Some fields are missing or invalid.',
    fileTooLarge: 'That file is over the 10MB limit.',
  },
  /** The Account page's Password section and POST /api/account/password (ADR 029). */
  password: {
    sectionTitle: 'Password',
    setTitle: 'Set a password',
    changeTitle: 'Change password',
    /** The account page after a proof of the address ended a password (ADR 056); the action links to the section. */
    removedNotice: 'You are signed in. For your safety, any password set before is removed:',
    removedNoticeAction: 'set one here',
    noPasswordIntro: 'You sign in with a link sent to your e-mail or with Google. You can set a password to sign in with it too.',
    currentLabel: 'Current password',
    newLabel: 'New password',
    confirmLabel: 'Confirm new password',
    saving: 'Saving...',
    passwordSet: 'Your password is set. You can now sign in with your e-mail and this password.',
    passwordChanged: 'Your password is changed. Any other device signed in to your account was signed out.',
    currentRequired: 'Please enter your current password.',
    currentWrong: 'Your current password is not correct.',
    confirmEmailFirst:
      'Please open the sign-in link we e-mailed to you first. Once your e-mail address is confirmed, you can set a password here.',
    changedMeanwhile: 'Your password was changed meanwhile. Please reload the page and try again.',
    updateFailed: 'Failed to update your password',
  },
  privacy: {
    sectionTitle: 'Your data',
    sectionIntro: 'Download everything we keep about you, or delete your account and all of its data.',
    downloadData: 'Download my data',
    preparingArchive: 'Preparing your archive...',
    exportStarted: 'Your data archive is downloading.',
    exportFailed: 'We could not prepare your data archive. Please try again.',
    deleteAccount: 'Delete account',
    deleteTitle: 'Delete your account',
    deleteWarning:
      'This cancels your subscription now (no further charge, no refund of the current month) and permanently deletes your profile, designs, photos, StyleLens, feedback, shares and bug reports. It cannot be undone. Download your data first if you want to keep it.',
    deleteConfirmLabel: 'Type your e-mail address to confirm',
    deleting: 'Deleting...',
    deleteEmailMismatch: "That e-mail address doesn't match your account's. Nothing was deleted.",
    deleteStillWorking: 'A design, refinement or StyleLens is still being made. Please wait for it to finish, then delete your account.',
    deleteCancelFailed:
      "We couldn't cancel your subscription with the payment provider, so nothing was deleted. Please try again in a few minutes.",
    deleteFilesFailed: 'Some of your files could not be removed, so your account was kept. Please try again.',
    deleteFailed: 'Failed to delete your account. Please try again.',
    accountDeletedTitle: 'Account deleted',
    accountDeleted: 'Your account and all your data have been deleted.',
  },
} as const;

/** "a dark green armchair", "an armchair", "curtains": the request's words with the article English gives them. */
function withArticle(words: string): string {
  if (/^(?:an?|the|some)\s/i.test(words) || (/s$/i.test(words) && !/ss$/i.test(words))) return words;
  return `${/^[aeiou]/i.test(words) ? 'an' : 'a'} ${words}`;
}
