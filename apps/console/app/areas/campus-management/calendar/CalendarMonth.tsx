import { Link } from '@remix-run/react';
import { itemsOn, monthGrid, shiftMonth, type CalendarMonthData } from './calendar';
import '../../../features/resources/resources.css';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function monthName(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-PH', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A month of the campus calendar: academic events, breaks and grade release dates, plus the iCalendar feed. */
export function CalendarMonth({ month }: { readonly month: CalendarMonthData }) {
  const title = monthName(month.month);
  return (
    <section className="cas-panel cas-calendar" aria-labelledby="calendar-month-title">
      <div className="cas-calendar__bar">
        <Link to={`?month=${shiftMonth(month.month, -1)}`} aria-label="Previous month">
          ‹ Previous
        </Link>
        <h2 id="calendar-month-title" className="cas-calendar__title">
          {title}
        </h2>
        <Link to={`?month=${shiftMonth(month.month, 1)}`} aria-label="Next month">
          Next ›
        </Link>
        <a className="cas-calendar__feed" href="/app/campus-management/calendar/feed.ics">
          iCalendar feed
        </a>
      </div>
      <table className="cas-calendar__grid">
        <caption className="cas-visually-hidden">{title}</caption>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" abbr={d}>
                {d.slice(0, 3)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month.month).map((week, i) => (
            <tr key={i}>
              {week.map((day, j) =>
                day ? (
                  <td key={day}>
                    <span className="cas-calendar__day">{Number(day.slice(8))}</span>
                    <ul>
                      {itemsOn(month.items, day).map((item) => (
                        <li key={item.id} data-kind={item.kind}>
                          <Link to={item.href} title={`${item.kind}: ${item.title}`}>
                            {item.title}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </td>
                ) : (
                  <td key={`empty-${j}`} aria-hidden="true" />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {month.items.length === 0 ? <p>Nothing is scheduled this month.</p> : null}
    </section>
  );
}
