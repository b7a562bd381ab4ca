import type { FailedReason } from '@/lib/contract/vehicle-api';

export type ReasonExplanation = { title: string; nextStep: string };

/**
 * Every `failedReason` code of the contract in plain words, with what to do next. Free-text
 * reasons (the contract allows them) are shown as they came.
 */
export const FAILED_REASON_TEXT: Record<FailedReason, ReasonExplanation> = {
  OEM_UNKNOWN_ERROR: {
    title: 'The manufacturer reported an unknown error.',
    nextStep: 'Try again later; if it persists, contact support with the request id.',
  },
  OEM_TIMEOUT: { title: 'The manufacturer did not answer in time.', nextStep: 'Try again in a few minutes.' },
  OEM_UNAVAILABLE: {
    title: 'The manufacturer’s service is unavailable.',
    nextStep: 'Try again later; the outage is on the manufacturer’s side.',
  },
  OEM_NETWORK_ERROR: {
    title: 'A network error occurred between the service and the manufacturer.',
    nextStep: 'Try again in a few minutes.',
  },
  OEM_INCORRECT_REGION: {
    title: 'The account is registered in another region.',
    nextStep: 'Reconnect the account choosing the correct region.',
  },
  OEM_APP_REQUIRED_UPDATE: {
    title: 'The owner must update the manufacturer’s app.',
    nextStep: 'Ask the owner to update the app and accept any new terms, then retry.',
  },
  OEM_USER_ACCOUNT_LOCKED: {
    title: 'The owner’s manufacturer account is locked.',
    nextStep: 'The owner must unlock the account with the manufacturer.',
  },
  OEM_OAUTH_TOKEN_EXPIRED: {
    title: 'The connection to the manufacturer account has expired.',
    nextStep: 'Send the owner a new connect link to renew consent.',
  },
  OEM_VEHICLE_OFFLINE: { title: 'The vehicle is offline.', nextStep: 'Wake it up, or try again when it has network coverage.' },
  OEM_VEHICLE_REMOTE_ACCESS_DISABLED: {
    title: 'Remote access is disabled on the vehicle.',
    nextStep: 'The owner must enable remote access in the manufacturer’s app.',
  },
  OEM_VEHICLE_LOCATION_SHARING_DISABLED: {
    title: 'Location sharing is disabled on the vehicle.',
    nextStep: 'The owner must enable location sharing in the manufacturer’s app.',
  },
  OEM_AUTH_DRIVER_IS_NOT_PRIMARY_USER: {
    title: 'The connected driver is not the vehicle’s primary user.',
    nextStep: 'Connect the vehicle with the primary user’s account.',
  },
  OEM_DEVICE_NOT_FOUND: {
    title: 'The manufacturer no longer knows this vehicle.',
    nextStep: 'Check that it is still in the owner’s account; reconnect it if needed.',
  },
  OEM_COMMAND_TIMEOUT: {
    title: 'The vehicle did not confirm the command in time.',
    nextStep: 'Check the vehicle’s state before retrying: it may have run anyway.',
  },
  OEM_COMMAND_FAILED: {
    title: 'The vehicle could not carry out the command.',
    nextStep: 'Try again; if it keeps failing, check the vehicle’s alerts.',
  },
  OEM_COMMAND_SUCCEEDED_WITH_DOOR_AJAR: {
    title: 'The command ran, but a door is ajar.',
    nextStep: 'Close the door and lock again to secure the vehicle.',
  },
  OEM_RATE_LIMITED: {
    title: 'The manufacturer is limiting requests.',
    nextStep: 'Wait until the budget renews (see Rate limits), then retry.',
  },
  OEM_ACCOUNT_RATE_LIMITED: {
    title: 'The manufacturer account has reached its request limit.',
    nextStep: 'Wait until the account’s budget renews, then retry.',
  },
  OEM_DEVICE_RATE_LIMITED: {
    title: 'This vehicle has reached its request limit.',
    nextStep: 'Wait until the vehicle’s budget renews (see Rate limits), then retry.',
  },
  OEM_STOP_CHARGE_RATE_LIMITED: {
    title: 'Too many stop-charging requests for this vehicle.',
    nextStep: 'Wait until the stop-command budget renews, then retry.',
  },
  OEM_COMMANDS_RATE_LIMITED: {
    title: 'The vehicle’s command budget is spent.',
    nextStep: 'Wait until the budget renews (see Rate limits), then retry.',
  },
  OEM_VEHICLE_LOCATION_UNKNOWN: {
    title: 'The vehicle’s location is unknown.',
    nextStep: 'Try again once the vehicle reports its position.',
  },
  OEM_VEHICLE_NOT_IN_AUTHORIZED_LOCATION: {
    title: 'The vehicle is not at a location where this command is allowed.',
    nextStep: 'Retry when the vehicle is at an authorized location (for example home).',
  },
  OEM_VEHICLE_CHARGING_NOT_FINISHED: { title: 'Charging has not finished.', nextStep: 'Wait for charging to finish, or stop it first.' },
  OEM_VEHICLE_CHARGING_NOT_STOPPED: { title: 'Charging could not be stopped.', nextStep: 'Check the charger and the vehicle, then retry.' },
  OEM_VEHICLE_CHARGING_NOT_STARTED: {
    title: 'Charging could not be started.',
    nextStep: 'Check that the cable is plugged in and the charger has power.',
  },
  OEM_VEHICLE_CHARGING_NOT_PAUSED: { title: 'Charging could not be paused.', nextStep: 'Check the charger and the vehicle, then retry.' },
  OEM_VEHICLE_CHARGING_REFUSED_PLAY_PROTECTION: {
    title: 'The vehicle refused charging (plug-and-charge protection).',
    nextStep: 'Start charging at the charger or in the vehicle.',
  },
  OEM_COMMAND_REFUSED_OTHER_SERVICE_RUNNING: {
    title: 'Another service is running on the vehicle.',
    nextStep: 'Try again when it has finished.',
  },
  OEM_COMMAND_REFUSED_VEHICLE_AWAKE_IN_STAND_STILL_AND_RESTING_STATE: {
    title: 'The vehicle refused: it is awake and resting.',
    nextStep: 'Try again in a few minutes.',
  },
  OEM_COMMAND_REFUSED_VEHICLE_AWAKE_IN_STAND_STILL_AND_ACTIVE_STATE: {
    title: 'The vehicle refused: it is in use while standing still.',
    nextStep: 'Try again when nobody is using it.',
  },
  OEM_COMMAND_REFUSED_VEHICLE_AWAKE_IN_DRIVING_OR_READY_TO_DRIVE: {
    title: 'The vehicle refused: it is driving or ready to drive.',
    nextStep: 'Try again when it is parked.',
  },
  OEM_COMMAND_REFUSED_VEHICLE_AWAKE_IN_DIAGNOSTICS_MODE: {
    title: 'The vehicle refused: it is in diagnostics mode.',
    nextStep: 'Try again after the workshop visit.',
  },
  SERVER_ERROR: {
    title: 'The Vehicle API failed while running the command.',
    nextStep: 'Try again; if it persists, contact support with the request id.',
  },
  INTERNAL_RATE_LIMITED: { title: 'The Vehicle API is limiting commands.', nextStep: 'Wait a moment, then retry.' },
  AUTHENTICATION_ERROR: {
    title: 'The Vehicle API refused the organization’s credentials.',
    nextStep: 'An admin should check the credentials in Settings.',
  },
  NOT_PERMITTED: {
    title: 'Commands are not permitted for this vehicle right now.',
    nextStep: 'Check that the vehicle is listening (switch in the header) and that the consent includes vehicle:commands.',
  },
};

export function explainFailedReason(reason: string | null | undefined): ReasonExplanation & { known: boolean } {
  if (!reason)
    return {
      title: 'The command failed without a reason.',
      nextStep: 'Try again; contact support with the request id if it persists.',
      known: false,
    };
  if (Object.hasOwn(FAILED_REASON_TEXT, reason)) return { ...FAILED_REASON_TEXT[reason as FailedReason], known: true };
  return { title: reason, nextStep: 'This is the manufacturer’s own wording.', known: false };
}
