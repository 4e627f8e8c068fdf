// Session stops (ROBOT.md §7).
export * from './stops.ts';
