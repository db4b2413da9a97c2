import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WeatherWidget } from './weather-widget';

describe('WeatherWidget', () => {
  it("shows the city, today's weekday, day and month capitalised, and the fixed values", () => {
    render(<WeatherWidget today={new Date(2026, 10, 22)} />);
    expect(screen.getByRole('heading', { name: 'Porto Ferreira, SP' })).toBeInTheDocument();
    expect(screen.getByText('Domingo, 22 de novembro')).toBeInTheDocument();
    expect(screen.getByText('28°C')).toBeInTheDocument();
    expect(screen.getByText('Ensolarado')).toBeInTheDocument();
    expect(screen.getByText('65%')).toBeInTheDocument();
    expect(screen.getByText('12 km/h')).toBeInTheDocument();
  });
});
