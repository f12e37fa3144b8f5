import { createContext, useContext, type JSXElementConstructor, type ReactNode } from 'react';

/** What the data components pass to their form element: a small subset of a plain `<form>`'s attributes. */
export interface FormElementProps {
  readonly method?: 'get' | 'post';
  readonly action?: string;
  readonly id?: string;
  readonly className?: string;
  readonly role?: string;
  readonly noValidate?: boolean;
  readonly 'aria-label'?: string;
  readonly 'aria-describedby'?: string;
  readonly children?: ReactNode;
}
export type FormComponent = JSXElementConstructor<FormElementProps> | 'form';

const FormContext = createContext<FormComponent>('form');

export interface DataFormProviderProps {
  /** The form element to render, e.g. Remix's `Form`, so submissions navigate without a full reload. */
  readonly form: FormComponent;
  readonly children: ReactNode;
}

/**
 * The data components render plain `<form>` elements, which work without JavaScript. An app with a router hands
 * its own form component in here so that, once JavaScript runs, the same forms submit through the router.
 */
export function DataFormProvider({ form, children }: DataFormProviderProps) {
  return <FormContext.Provider value={form}>{children}</FormContext.Provider>;
}

/** Renders the form element chosen by the nearest `DataFormProvider` (a plain `<form>` by default). */
export function DataForm(props: FormElementProps) {
  const Form = useContext(FormContext);
  return <Form {...props} />;
}
