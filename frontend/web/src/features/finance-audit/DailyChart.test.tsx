import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DailyChart } from './DailyChart';

const dates = ['2026-11-21', '2026-11-22', '2026-11-23'];
const naira = (n: number) => `₦${n.toFixed(2)}`;

function renderChart() {
  return render(
    <DailyChart
      title="Money in and out per day"
      summary="Money in ₦35.00 in total."
      kind="bars"
      dates={dates}
      format={naira}
      series={[
        { key: 'in', label: 'Money in', color: 'green', values: [5, 20, 10] },
        { key: 'out', label: 'Money out', color: 'orange', values: [0, 3, 0] },
      ]}
    />,
  );
}

describe('DailyChart', () => {
  it('is one image named by its summary, with a tooltip per day', () => {
    const { container } = renderChart();
    expect(screen.getByRole('img', { name: 'Money in ₦35.00 in total.' })).toBeInTheDocument();
    const titles = [...container.querySelectorAll('svg title')].map((t) => t.textContent);
    expect(titles).toEqual([
      '21 Nov: Money in ₦5.00, Money out ₦0.00',
      '22 Nov: Money in ₦20.00, Money out ₦3.00',
      '23 Nov: Money in ₦10.00, Money out ₦0.00',
    ]);
  });

  it('shows every figure as a table on request, newest day first', async () => {
    renderChart();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    const rows = screen.getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual([
      'DayMoney inMoney out',
      '23 Nov₦10.00₦0.00',
      '22 Nov₦20.00₦3.00',
      '21 Nov₦5.00₦0.00',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Hide the table' }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
