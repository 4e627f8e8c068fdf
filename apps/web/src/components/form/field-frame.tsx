import { styled, type SxProps, type Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * The helper text under a field, in MUI's `FormHelperText` look: `field-error` and
 * `field-disabled` on the field (see {@link fieldStateClass}) colour it.
 */
export const helpStyles = (theme: Theme) => ({
  '& .field-help': {
    ...theme.typography.caption,
    color: theme.palette.text.secondary,
    margin: '3px 14px 0',
  },
  '&.field-error .field-help': { color: theme.palette.error.main },
  '&.field-disabled .field-help': { color: theme.palette.text.disabled },
});

/**
 * The look of MUI's outlined text field (label on the outline, notch, helper text under it, the
 * primary colour while focused, the error colour on an error) for a plain `<input>` or
 * `<select>`, drawn by one style rule for the whole field. MUI's `TextField` renders five styled
 * components per field (FormControl, InputLabel, OutlinedInput, NotchedOutline, FormHelperText),
 * each computing its styles on every render: on a configuration screen of twelve fields that was
 * ~30 ms of main thread per field on a slow phone. The label always sits on the
 * outline, as MUI's does once a field has a value or focus, so a placeholder (an example of the
 * format) always shows.
 */
const Root = styled('div')(({ theme }) => ({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  width: '100%',
  '& .field-box': {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    borderRadius: theme.shape.borderRadius,
    cursor: 'text',
  },
  '& label': {
    ...theme.typography.body1,
    position: 'absolute',
    left: 0,
    top: 0,
    zIndex: 1,
    maxWidth: 'calc(133% - 32px)',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    color: theme.palette.text.secondary,
    transform: 'translate(14px, -9px) scale(0.75)',
    transformOrigin: 'top left',
    pointerEvents: 'none',
  },
  '& input, & select': {
    font: 'inherit',
    letterSpacing: 'inherit',
    color: theme.palette.text.primary,
    background: 'none',
    border: 0,
    boxSizing: 'content-box',
    height: '1.4375em',
    margin: 0,
    padding: '16.5px 14px',
    width: '100%',
    minWidth: 0,
    display: 'block',
    outline: 0,
    borderRadius: 'inherit',
    colorScheme: 'dark',
  },
  // A browser's autofill (the login's e-mail and password) in the dark theme's colours, as MUI's.
  '& input:-webkit-autofill': {
    WebkitBoxShadow: '0 0 0 100px #266798 inset',
    WebkitTextFillColor: '#fff',
    caretColor: '#fff',
  },
  '& select': {
    appearance: 'none',
    paddingRight: 32,
    cursor: 'pointer',
    '& option': { backgroundColor: theme.palette.background.paper },
  },
  '&.field-small': {
    '& input, & select': { paddingTop: 8.5, paddingBottom: 8.5 },
  },
  '& .field-arrow': {
    position: 'absolute',
    right: 7,
    width: '1em',
    height: '1em',
    fontSize: '1.5rem',
    fill: theme.palette.action.active,
    pointerEvents: 'none',
  },
  '& fieldset': {
    position: 'absolute',
    inset: '-5px 0 0',
    margin: 0,
    padding: '0 8px',
    minWidth: '0%',
    overflow: 'hidden',
    textAlign: 'left',
    pointerEvents: 'none',
    borderRadius: 'inherit',
    border: '1px solid rgba(255, 255, 255, 0.23)',
  },
  '& legend': {
    float: 'unset',
    width: 'auto',
    maxWidth: '100%',
    height: 11,
    padding: 0,
    overflow: 'hidden',
    display: 'block',
    visibility: 'hidden',
    fontSize: '0.75em',
    whiteSpace: 'nowrap',
    '& > span': { display: 'inline-block', paddingLeft: 5, paddingRight: 5, opacity: 0 },
  },
  ...helpStyles(theme),
  '& .field-box:hover fieldset': { borderColor: theme.palette.text.primary },
  '&:focus-within label': { color: theme.palette.primary.main },
  '& .field-box:focus-within fieldset': { borderColor: theme.palette.primary.main, borderWidth: 2 },
  '&.field-error label': { color: theme.palette.error.main },
  '&.field-error .field-box fieldset': { borderColor: theme.palette.error.main },
  '&.field-disabled': {
    '& label': { color: theme.palette.text.disabled },
    '& input, & select': {
      color: theme.palette.text.disabled,
      WebkitTextFillColor: theme.palette.text.disabled,
      cursor: 'default',
    },
    '& .field-box': { cursor: 'default' },
    '& .field-box fieldset, & .field-box:hover fieldset': {
      borderColor: theme.palette.action.disabled,
    },
  },
}));

interface FieldFrameProps {
  /** The control's element id: the label points at it, the helper text is `<id>-helper-text`. */
  id: string;
  label: string;
  /** The error (wins) or help text under the field. */
  helperText?: string | undefined;
  error?: boolean;
  disabled?: boolean | undefined;
  /** The label ends in MUI's asterisk (hidden from screen readers: the control is `required`). */
  required?: boolean | undefined;
  /** A native select gets MUI's drop-down arrow. */
  select?: boolean;
  /** MUI's `size="small"`: a shorter box (a selector in the top bar). */
  small?: boolean;
  /** Placement of the field where it sits (a width in the top bar). */
  sx?: SxProps<Theme>;
  /** The `<input>` or `<select>`, with `id`, `aria-describedby` and `aria-invalid` set. */
  children: ReactNode;
}

/** The frame of one outlined field: label, the control, the outline with its notch, helper text. */
export function FieldFrame({
  id,
  label,
  helperText,
  error,
  disabled,
  required,
  select,
  small,
  sx,
  children,
}: FieldFrameProps) {
  const text = required ? (
    <>
      {label}
      <span aria-hidden="true">{'\u2009*'}</span>
    </>
  ) : (
    label
  );
  const className = [fieldStateClass(error, disabled), small && 'field-small']
    .filter(Boolean)
    .join(' ');
  return (
    <Root className={className || undefined} sx={sx}>
      {label !== '' && (
        <label htmlFor={id} id={`${id}-label`}>
          {text}
        </label>
      )}
      <div className="field-box">
        {children}
        {select && (
          <svg className="field-arrow" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M7 10l5 5 5-5z" />
          </svg>
        )}
        <fieldset aria-hidden="true">
          <legend>{label !== '' && <span>{text}</span>}</legend>
        </fieldset>
      </div>
      <FieldHelp id={id} text={helperText} />
    </Root>
  );
}

/** The classes that colour a field by its state (with {@link helpStyles}). */
export function fieldStateClass(error: boolean | undefined, disabled: boolean | undefined): string {
  return [error && 'field-error', disabled && 'field-disabled'].filter(Boolean).join(' ');
}

/** The helper text of the field whose control is `id`; the control names it as its description. */
export function FieldHelp({ id, text }: { id: string; text: string | undefined }) {
  return text ? (
    <p className="field-help" id={helperTextId(id)}>
      {text}
    </p>
  ) : null;
}

const helperTextId = (id: string): string => `${id}-helper-text`;

/**
 * What the `<input>` or `<select>` inside a {@link FieldFrame} carries: its id (the label's
 * `for`), its state, and its description (the helper text, when there is one).
 */
export function controlProps(
  id: string,
  helperText: string | undefined,
  error: boolean,
  disabled: boolean | undefined,
) {
  return {
    id,
    disabled,
    'aria-invalid': error,
    'aria-describedby': helperText ? helperTextId(id) : undefined,
  };
}
