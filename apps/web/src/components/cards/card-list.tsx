import { Typography } from '@mui/material';
import type { Key, ReactNode } from 'react';
import { QueryState } from '../notices/query-state.tsx';
import { CardGrid } from './card-grid.tsx';

interface CardListProps<T> {
  /** The read behind the cards: its loading and failed states (with retry) come first. */
  query: { isPending: boolean; error: unknown; refetch: () => unknown; data?: readonly T[] };
  keyOf: (item: T) => Key;
  renderCard: (item: T) => ReactNode;
  /** Shown when the read answered an empty list. */
  emptyText: string;
  /** Names the grid for screen readers. */
  label?: string;
}

/**
 * A screen's list of cards (channels, followers, trader records…): spinner, error with retry,
 * the empty text, then one card per item in SPEC §9's 1–4 column grid.
 */
export function CardList<T>({ query, keyOf, renderCard, emptyText, label }: CardListProps<T>) {
  const items = query.data ?? [];
  return (
    <QueryState pending={query.isPending} error={query.error} onRetry={() => void query.refetch()}>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {emptyText}
        </Typography>
      ) : (
        <CardGrid component="ul" label={label}>
          {items.map((item) => (
            <li key={keyOf(item)} style={{ minWidth: 0 }}>
              {renderCard(item)}
            </li>
          ))}
        </CardGrid>
      )}
    </QueryState>
  );
}
