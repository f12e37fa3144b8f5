import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { Avatar } from './Avatar.js';
import { KeyValueList } from './KeyValueList.js';
import { PrintLayout, PrintSection } from './PrintLayout.js';

function DataSheet() {
  return (
    <PrintLayout
      organisation="Human Resources Office"
      title="Personal Data Sheet"
      subtitle="Maria Santos · EMP-00412"
      aside={<Avatar firstName="Maria" lastName="Santos" size={96} />}
      actions={<a href="#back">Back to the employee</a>}
    >
      <PrintSection title="Personal information">
        <KeyValueList
          layout="grid"
          items={[
            { label: 'Surname', value: 'Santos' },
            { label: 'First name', value: 'Maria' },
            { label: 'Middle name', value: 'Reyes' },
            { label: 'Date of birth', value: 'Apr 12, 1998' },
            { label: 'Sex', value: 'Female' },
            { label: 'Civil status', value: 'Married' },
            {
              label: 'Residential address',
              value: '12 Mabini Street, Barangay San Roque, Quezon City',
              isWide: true,
            },
          ]}
        />
      </PrintSection>
      <PrintSection title="Family background">
        <KeyValueList
          layout="grid"
          items={[
            { label: 'Spouse', value: 'Jose Santos' },
            { label: 'Children', value: 'Ana Santos (2019), Luis Santos (2022)' },
          ]}
        />
      </PrintSection>
    </PrintLayout>
  );
}

const meta = {
  title: 'Layouts/PrintLayout',
  component: DataSheet,
  tags: ['autodocs'],
} satisfies Meta<typeof DataSheet>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A document sheet; the toolbar (with Print once JavaScript runs) is left off the printout. */
export const PersonalDataSheet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Personal Data Sheet' })).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Print' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Print' }).closest('.cas-no-print')).not.toBeNull();
    await expect(canvas.getByRole('region', { name: 'Family background' })).toBeVisible();
  },
};

export const Phone: Story = {
  ...PersonalDataSheet,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
