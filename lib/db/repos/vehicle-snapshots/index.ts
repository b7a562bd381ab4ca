/**
 * The fleet snapshot's repository, along its seams: the roster (the list walk), readings (what
 * vehicles report, forward only) and queries (what the fleet views read).
 */
export * from './roster';
export * from './readings';
export * from './queries';
