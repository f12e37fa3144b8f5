import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { Button, ButtonLink } from './Button.js';
import { DueTime } from './DueTime.js';
import { KeyValueList } from './KeyValueList.js';
import { PersonName } from './PersonName.js';
import { RecordPage, SidePanelSection } from './RecordPage.js';
import { StatusPill } from './StatusPill.js';
import { Thread } from './Thread.js';
import { sampleThread } from './Thread.stories.js';

const now = new Date('2026-11-30T02:00:00Z');

function TicketPage() {
  return (
    <RecordPage
      eyebrow="SUP-000319"
      title="Cannot sign in to the enrolment portal"
      pills={
        <>
          <StatusPill tone="info">Waiting on requester</StatusPill>
          <StatusPill tone="warning">SLA: due soon</StatusPill>
        </>
      }
      actions={
        <>
          <ButtonLink variant="secondary" href="#merge">
            Merge
          </ButtonLink>
          <Button>Resolve</Button>
        </>
      }
      sideLabel="Ticket details"
      side={
        <>
          <SidePanelSection title="Requester">
            <PersonName firstName="Maria" lastName="Santos" detail="maria.santos@example.edu" />
          </SidePanelSection>
          <SidePanelSection title="SLA">
            <KeyValueList
              items={[
                { label: 'First reply', value: <DueTime due="2026-11-30T03:00:00Z" now={now} /> },
                { label: 'Resolution', value: <DueTime due="2026-12-01T02:00:00Z" now={now} /> },
              ]}
            />
          </SidePanelSection>
          <SidePanelSection title="Assignment" action={<a href="#assign">Change</a>}>
            <KeyValueList
              items={[
                { label: 'Team', value: 'IT Services' },
                { label: 'Agent', value: 'Juan dela Cruz' },
                { label: 'Category', value: 'Accounts and passwords' },
              ]}
            />
          </SidePanelSection>
        </>
      }
    >
      <Thread label="Conversation" items={sampleThread} />
    </RecordPage>
  );
}

const meta = {
  title: 'Components/RecordPage',
  component: TicketPage,
  tags: ['autodocs'],
  parameters: { layout: 'padded' },
} satisfies Meta<typeof TicketPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The work (the conversation) in the main column first; the details in the side panel beside it. */
export const Ticket: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Cannot sign in to the enrolment portal' }),
    ).toBeVisible();
    const side = canvas.getByRole('complementary', { name: 'Ticket details' });
    await expect(within(side).getByRole('heading', { level: 2, name: 'SLA' })).toBeVisible();
    // The main column comes before the side panel in reading order, and the page adds no landmark of its own.
    const main = canvas.getByRole('list', { name: 'Conversation' });
    await expect(main.compareDocumentPosition(side) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await expect(canvasElement.querySelector('main, header, footer')).toBeNull();
  },
};

export const WithoutSidePanel: Story = {
  render: () => (
    <RecordPage
      title="Batch 2026-11-30 · Set inactive"
      pills={<StatusPill tone="success">Finished</StatusPill>}
    >
      <p>6,000 records set inactive.</p>
    </RecordPage>
  ),
};

/** On a phone the side panel stacks under the main column. */
export const Phone: Story = { ...Ticket, globals: { viewport: { value: 'phone', isRotated: false } } };
