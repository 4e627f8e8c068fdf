export * from './cents.ts';
