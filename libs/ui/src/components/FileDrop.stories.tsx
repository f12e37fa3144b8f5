import type { Meta, StoryObj } from '@storybook/react';
import { expect, fireEvent, fn, userEvent, within } from 'storybook/test';
import { acceptsFile, FileDrop } from './FileDrop.js';

const meta = {
  title: 'Components/FileDrop',
  component: FileDrop,
  tags: ['autodocs'],
  args: {
    label: 'Spreadsheet',
    name: 'file',
    accept: '.csv,.xlsx',
    description: 'A CSV or Excel file with one row per record.',
    onFiles: fn(),
  },
} satisfies Meta<typeof FileDrop>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The native file input is in the zone: choosing a file lists it with its size. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText(/Spreadsheet/) as HTMLInputElement;
    await expect(input).toHaveAttribute('type', 'file');
    await expect(input).toHaveAttribute('name', 'file');
    await userEvent.upload(input, new File(['a,b\n1,2\n'], 'students.csv', { type: 'text/csv' }));
    await expect(canvas.getByText('students.csv')).toBeVisible();
    await expect(canvas.getByText('8 B')).toBeVisible();
    await expect(args.onFiles).toHaveBeenCalledTimes(1);
  },
};

/** A dropped file of another type is refused with a message. */
export const RefusesAnotherType: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const zone = canvasElement.querySelector('.cas-file-drop') as HTMLElement;
    const photo = new File(['x'], 'photo.png', { type: 'image/png' });
    fireEvent.drop(zone, { dataTransfer: { files: [photo], types: ['Files'] } });
    await expect(
      await canvas.findByText('photo.png is not a file of an accepted type (.csv,.xlsx).'),
    ).toBeVisible();
    await expect(canvas.getByLabelText(/Spreadsheet/)).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onFiles).not.toHaveBeenCalled();
    await expect(acceptsFile('.csv,.xlsx', { name: 'RECORDS.XLSX', type: '' })).toBe(true);
    await expect(acceptsFile('image/*', { name: 'me.jpg', type: 'image/jpeg' })).toBe(true);
  },
};

export const Invalid: Story = { args: { error: 'Please choose a file.', isRequired: true } };
export const Disabled: Story = { args: { isDisabled: true } };
export const Multiple: Story = {
  args: { label: 'Photos', name: 'photos', accept: 'image/*', isMultiple: true, description: undefined },
};
export const Phone: Story = { ...Default, globals: { viewport: { value: 'phone', isRotated: false } } };
