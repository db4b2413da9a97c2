import { describe, expect, it } from 'vitest';
import { visitSource } from './audience-sources.ts';
import { deviceClass } from './audience.ts';

const PAGE = 'https://portoferreiranoticias.com.br/noticia/abc';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

const from = (referrer: string, userAgent = CHROME, pageUrl = PAGE) => visitSource({ pageUrl, referrer, userAgent });

describe('visitSource', () => {
  it.each([
    ['https://wa.me/', 'whatsapp'],
    ['https://web.whatsapp.com/', 'whatsapp'],
    ['https://l.wl.co/', 'whatsapp'],
    ['https://www.facebook.com/', 'facebook'],
    ['https://l.facebook.com/', 'facebook'],
    ['https://m.facebook.com/', 'facebook'],
    ['https://lm.facebook.com/l.php?u=x', 'facebook'],
    ['https://www.instagram.com/', 'instagram'],
    ['https://l.instagram.com/', 'instagram'],
    ['https://t.co/abc', 'x'],
    ['https://x.com/', 'x'],
    ['https://twitter.com/', 'x'],
    ['https://www.google.com/', 'google-search'],
    ['https://www.google.com.br/', 'google-search'],
    ['https://www.google.com.br/search?q=porto', 'google-search'],
    ['https://google.co.uk/url?q=x', 'google-search'],
    ['android-app://com.google.android.googlequicksearchbox/', 'google-discover'],
    ['https://discover.googleapis.com/', 'google-discover'],
    ['https://news.google.com/', 'google-news'],
    ['android-app://com.google.android.apps.magazines/', 'google-news'],
    ['https://portoferreiranoticias.com.br/topic/local', 'direct'],
  ])('%s → %s', (referrer, source) => {
    expect(from(referrer)).toEqual({ source, source_host: '', campaign: '' });
  });

  it.each([
    ['https://www.bing.com/', 'bing.com'],
    ['https://duckduckgo.com/', 'duckduckgo.com'],
    ['https://br.search.yahoo.com/', 'br.search.yahoo.com'],
    ['https://yandex.ru/', 'yandex.ru'],
    ['https://www.ecosia.org/', 'ecosia.org'],
    ['https://search.brave.com/', 'search.brave.com'],
  ])('another search engine keeps its host: %s', (referrer, host) => {
    expect(from(referrer)).toEqual({ source: 'search', source_host: host, campaign: '' });
  });

  it('another site by its host, never its path or query', () => {
    expect(from('https://www.jornaldaregiao.com.br/materia/123?token=segredo')).toEqual({ source: 'site', source_host: 'jornaldaregiao.com.br', campaign: '' });
    // A Google page that is no search (Maps) is a site.
    expect(from('https://www.google.com/maps/place/x')).toEqual({ source: 'site', source_host: 'google.com', campaign: '' });
  });

  it('the in-app browsers without a referrer', () => {
    expect(from('', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 WhatsApp/23.20.79')).toMatchObject({ source: 'whatsapp' });
    expect(from('', `${ANDROID} WhatsApp/2.24.1`)).toMatchObject({ source: 'whatsapp' });
    expect(from('', `${ANDROID} [FB_IAB/FB4A;FBAV/480.0.0.0;]`)).toMatchObject({ source: 'facebook' });
    expect(from('', 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/480.0]')).toMatchObject({ source: 'facebook' });
    expect(from('', `${ANDROID} Instagram 300.0.0.0 Android`)).toMatchObject({ source: 'instagram' });
    // A referrer says more than the browser: WhatsApp's browser following a Google result is Google's.
    expect(from('https://www.google.com/', `${ANDROID} WhatsApp/2.24.1`)).toMatchObject({ source: 'google-search' });
  });

  it('no referrer and a plain browser is direct', () => {
    expect(from('')).toEqual({ source: 'direct', source_host: '', campaign: '' });
    expect(from('not a url')).toEqual({ source: 'direct', source_host: '', campaign: '' });
  });

  it('the digest’s links (utm_source=digest) whatever the referrer, with their campaign', () => {
    const page = `${PAGE}?utm_source=digest&utm_medium=email&utm_campaign=digest-2026-11-30`;
    expect(from('https://mail.google.com/', CHROME, page)).toEqual({ source: 'digest', source_host: '', campaign: 'digest-2026-11-30' });
  });

  it('any other utm_source is a campaign by that name; utm_campaign travels with every source', () => {
    expect(from('', CHROME, `${PAGE}?utm_source=Prefeitura&utm_campaign=vacina%0A2026`)).toEqual({ source: 'campaign', source_host: 'prefeitura', campaign: 'vacina2026' });
    expect(from('https://wa.me/', CHROME, `${PAGE}?utm_campaign=${'x'.repeat(100)}`)).toEqual({ source: 'whatsapp', source_host: '', campaign: 'x'.repeat(80) });
  });
});

describe('deviceClass', () => {
  it('phones under 768 px, tablets under 1024, desktops from there', () => {
    expect([390, 767, 768, 1023, 1024, 1280].map(deviceClass)).toEqual(['mobile', 'mobile', 'tablet', 'tablet', 'desktop', 'desktop']);
  });
});
