import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LoadMoreList, type ListPage } from './paged-list';

const first: ListPage<string, number> = { items: ['Primeira'], next: 2 };
const loadMore = (after: number): Promise<ListPage<string, number>> => Promise.resolve({ items: [`Página ${after}`], next: null });
const list = (items: string[]) => (
  <ul>
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

describe("'Carregar mais'", () => {
  it('is in the server HTML disabled, and loads the next page once the app has hydrated it', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <LoadMoreList first={first} loadMore={loadMore}>
        {list}
      </LoadMoreList>,
    );
    document.body.append(container);
    onTestFinished(() => container.remove());
    expect(within(container).getByRole('button', { name: 'Carregar mais' })).toBeDisabled();

    render(
      <LoadMoreList first={first} loadMore={loadMore}>
        {list}
      </LoadMoreList>,
      { container, hydrate: true },
    );
    const button = within(container).getByRole('button', { name: 'Carregar mais' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    expect(await screen.findByText('Página 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();
  });
});
