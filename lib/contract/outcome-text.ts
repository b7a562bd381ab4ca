import type { ActionCategory, BulkConnectErrorCode } from './eligibility';
import { lookup, UPSTREAM_ERROR_TEXT, type Explanation } from './upstream-error-text';

/**
 * The one catalog of plain words for what the Vehicle API answers: its HTTP error codes, the
 * per-VIN codes of a bulk connection, and the action categories. Each code gets a sentence and a
 * next step; wherever one is shown, the upstream's own text and request id stay beside it for
 * support. The HTTP error codes are in `upstream-error-text.ts` (every page's error state shows
 * them), a command execution's `failedReason` codes in `failed-reason-text.ts` (the command views
 * show them); the codes are the contract's (`outcome-text.test.ts` fails when one has no words);
 * a code the catalog does not know is shown as it came. Plain data: the browser shows it.
 */

/** The per-VIN codes of a bulk connection, also a vehicle's `connectionErrorCode`. */
export const BULK_CONNECT_ERROR_TEXT: Record<BulkConnectErrorCode, Explanation> = {
  OEM_INCORRECT_REGION: {
    title: 'The vehicle is registered in another region',
    what: 'The manufacturer knows this vehicle in a different region than the one asked for.',
    nextStep: 'Connect it again choosing the vehicle’s region.',
  },
  OEM_VEHICLE_OFFLINE: {
    title: 'The vehicle is offline',
    what: 'The manufacturer could not reach the vehicle.',
    nextStep: 'Try again when the vehicle has network coverage (after a drive usually wakes it).',
  },
  OEM_VEHICLE_REMOTE_ACCESS_DISABLED: {
    title: 'Remote access is turned off in the vehicle',
    what: 'The vehicle’s connected services are disabled, so the manufacturer cannot share it.',
    nextStep: 'Ask the driver to turn on connected services (remote access) in the vehicle or the manufacturer’s app, then retry.',
  },
  OEM_VEHICLE_DATA_SHARING_DISABLED: {
    title: 'Data sharing is turned off for the vehicle',
    what: 'The owner has not allowed the manufacturer to share this vehicle’s data.',
    nextStep: 'Ask the owner to allow data sharing in the manufacturer’s app, then retry.',
  },
  FLEET_CONSENT_MISSING: {
    title: 'The owner has not given consent yet',
    what: 'The vehicle can only be connected once its owner agrees to share it with the fleet.',
    nextStep: 'Send the owner a consent link from Connect; the vehicle connects once they accept.',
  },
  OEM_AUTH_DRIVER_IS_NOT_PRIMARY_USER: {
    title: 'The account is not the vehicle’s primary user',
    what: 'The manufacturer only lets the vehicle’s primary user share it.',
    nextStep: 'Ask the primary user to connect the vehicle with their own manufacturer account.',
  },
  OEM_DEVICE_NOT_FOUND: {
    title: 'The manufacturer does not know this vehicle',
    what: 'No vehicle with this VIN was found at the manufacturer.',
    nextStep: 'Check the VIN and the brand, then try again.',
  },
  OEM_VEHICLE_NOT_COMPATIBLE: {
    title: 'The vehicle cannot be connected',
    what: 'This vehicle has no compatible connectivity (model, year or equipment).',
    nextStep: 'Nothing to do for this vehicle; leave it out of the fleet’s connected vehicles.',
  },
  OEM_VEHICLE_UPDATE_REQUIRED: {
    title: 'The vehicle needs a software update',
    what: 'The manufacturer requires an update of the vehicle or its app before it can be connected.',
    nextStep: 'Ask the driver to install the pending update, then retry.',
  },
  DEVICE_LIMIT_REACHED: UPSTREAM_ERROR_TEXT.DEVICE_LIMIT_REACHED,
  NOT_PERMITTED: {
    title: 'Not allowed for this organization',
    what: 'The organization may not connect this vehicle this way.',
    nextStep: 'Ask the Vehicle API provider to enable bulk connection for the organization, or send the owner a consent link instead.',
  },
  VIN_UPLOAD_INVALID_FORMAT: {
    title: 'The row was not in a form the service reads',
    what: 'The VIN, country or another value of this row was not accepted.',
    nextStep: 'Correct the row (17 characters for the VIN, a two-letter country) and send it again.',
  },
  INVALID_VIN: {
    title: 'The VIN is not valid',
    what: 'This is not a VIN the service accepts (a VIN has 17 letters and digits).',
    nextStep: 'Check the VIN against the vehicle’s papers and send it again.',
  },
  VIN_CHECK_NOT_SUPPORTED: {
    title: 'This VIN cannot be checked',
    what: 'The service cannot check this vehicle’s brand or country.',
    nextStep: 'Connect the vehicle through its owner with a consent link instead.',
  },
  VEHICLE_ALREADY_ADDED_TO_ORGANIZATION: {
    title: 'The vehicle is already in the fleet',
    what: 'This VIN was connected to the organization before.',
    nextStep: 'Nothing to do; find it in Vehicles.',
  },
  VEHICLE_ALREADY_ADDED_CONNECTION_REQUIRED: {
    title: 'Already added, waiting for the owner',
    what: 'The vehicle was added before and still needs its owner’s consent.',
    nextStep: 'Send the owner a consent link from Connect.',
  },
  VEHICLE_ALREADY_ADDED_INCOMPATIBLE: {
    title: 'Already added, and cannot be connected',
    what: 'The vehicle was added before and found incompatible.',
    nextStep: 'Nothing to do for this vehicle.',
  },
  VEHICLE_ALREADY_ADDED_PENDING_CONNECTION: {
    title: 'Already added, connection under way',
    what: 'The vehicle was added before and its connection is still being set up.',
    nextStep: 'Nothing to do now; look again later.',
  },
  VIN_UPLOAD_NOT_SUPPORTED: {
    title: 'This vehicle cannot be connected by VIN',
    what: 'The service cannot connect this brand or country from a VIN list.',
    nextStep: 'Send the owner a consent link from Connect instead.',
  },
  VIN_BLACKLISTED: {
    title: 'The service refuses this VIN',
    what: 'The Vehicle API has blocked this VIN, so it cannot be connected.',
    nextStep: 'Contact the Vehicle API’s support with the VIN and the request id to learn why.',
  },
  SUBJECTS_NOT_ASSIGNABLE: {
    title: 'The vehicle cannot be assigned to the organization',
    what: 'The service could not give this vehicle to the organization (it may belong to another fleet).',
    nextStep: 'Contact the Vehicle API’s support with the VIN and the request id.',
  },
};

/** What an `actionCategory` asks of a person [V: the three values; the words are ours]. */
export const ACTION_CATEGORY_TEXT: Record<ActionCategory, Explanation> = {
  CUSTOMER_ACTION: {
    title: 'Owner must act',
    what: 'The vehicle’s owner has to do something before it can connect.',
    nextStep: 'Send a consent link from Connect, or ask the owner to turn on connected services in the manufacturer’s app.',
  },
  CONTACT_SUPPORT: {
    title: 'Contact support',
    what: 'Only the Vehicle API’s support can fix this.',
    nextStep: 'Send them the VIN and the request id shown here.',
  },
  UNDER_REVIEW: {
    title: 'Under review',
    what: 'The service is reviewing this vehicle.',
    nextStep: 'Nothing to do now; look again later.',
  },
};

/** The words for an action category; one the catalog does not know is named as it came. */
export function explainActionCategory(category: string | null | undefined): Explanation | null {
  if (!category) return null;
  return (
    lookup(ACTION_CATEGORY_TEXT, category) ?? {
      title: category,
      what: 'The service gave a category Motorpool does not know yet.',
      nextStep: 'Send the code and request id to the Vehicle API’s support if the vehicle does not connect.',
    }
  );
}

/**
 * The words for a per-VIN bulk connection error or a vehicle's connection error: its code's, else
 * its action category's, else (a code the catalog does not know) null, and the raw text alone is shown.
 */
export function explainConnectionError(code: string | null | undefined, actionCategory?: string | null): Explanation | null {
  return lookup(BULK_CONNECT_ERROR_TEXT, code) ?? lookup(ACTION_CATEGORY_TEXT, actionCategory) ?? null;
}
