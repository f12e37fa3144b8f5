import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AppCard } from './components/AppCard.js';
import { Avatar } from './components/Avatar.js';
import { Checkbox } from './components/Checkbox.js';
import { PasswordField } from './components/PasswordField.js';
import { Select } from './components/Select.js';
import { Switch } from './components/Switch.js';
import { TextField } from './components/TextField.js';

/** Parses server HTML and posts the form the way a browser without JavaScript would. */
function postedFields(html: string): [string, string][] {
  const doc = new DOMParser().parseFromString(`<form method="post">${html}</form>`, 'text/html');
  return [...new FormData(doc.querySelector('form') as HTMLFormElement).entries()].map(([k, v]) => [k, String(v)]);
}

describe('server-rendered fields post with a plain form', () => {
  const cases = [
    { name: 'a text field', node: <TextField label="Email" name="email" defaultValue="a@example.edu" />, posts: [['email', 'a@example.edu']] },
    { name: 'a password field', node: <PasswordField label="Password" name="password" defaultValue="secret" />, posts: [['password', 'secret']] },
    {
      name: 'a select',
      node: <Select label="Gender" name="gender" defaultValue="F" options={[{ value: 'M', label: 'Male' }, { value: 'F', label: 'Female' }]} />,
      posts: [['gender', 'F']],
    },
    { name: 'a switch that is on', node: <Switch name="isActive" defaultSelected>Active</Switch>, posts: [['isActive', 'on']] },
    { name: 'a switch that is off', node: <Switch name="isActive">Active</Switch>, posts: [] },
    { name: 'a checked checkbox', node: <Checkbox name="adminScopes" value="IAM" defaultSelected>IAM</Checkbox>, posts: [['adminScopes', 'IAM']] },
  ] as const;
  it.each(cases)('posts $name', ({ node, posts }) => {
    expect(postedFields(renderToString(node))).toEqual(posts);
  });

  it('labels a server-rendered text field and links its error', () => {
    const html = renderToString(<TextField label="Email" name="email" error="Please fillup required fields." />);
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const input = doc.querySelector('input') as HTMLInputElement;
    expect(doc.querySelector(`label[for="${input.id}"]`)?.textContent).toBe('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (input.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => doc.getElementById(id)?.textContent)).toContain('Please fillup required fields.');
  });

  it('renders the avatar initials on the server', () => {
    expect(renderToString(<Avatar firstName="Juan" lastName="dela Cruz" />)).toContain('JD');
  });

  it('renders a not-allowed card as a link marked not allowed with No Access', () => {
    const html = renderToString(<AppCard title="Identity and Access Management" description="Users" href="/app?noAccess=IAM" isAllowed={false} />);
    expect(html).toContain('data-allowed="false"');
    expect(html).toContain('No Access');
  });
});
