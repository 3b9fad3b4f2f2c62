import { call } from '@/lib/api-client';

/** 'Share your room with us!': the design goes to the gallery admins see. */
export const shareRoom = (roomDesignId: string) => call('roomShare', { body: { roomDesignId } });

/** 'How did we do?' on a design. */
export const sendFeedback = (roomDesignId: string, isHelpful: boolean, feedbackText: string | null) =>
  call('designFeedback', { body: { roomDesignId, isHelpful, feedbackText } });

