import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/core/errors.js';
import { loadConfig } from '../../src/app/config/load.js';

describe('HOSTING_API_URL', () => {
  it('must be the base URL ending in /v1', () => {
    for (const url of [
      'https://api.example.com',
      'https://api.example.com/v2',
      'https://api.example.com/v1/instance',
    ]) {
      expect(() => loadConfig({ HOSTING_API_URL: url })).toThrow(ConfigError);
      expect(() => loadConfig({ HOSTING_API_URL: url })).toThrow(
        'HOSTING_API_URL must be the API base URL ending in /v1, e.g. https://api.example.com/v1',
      );
    }
  });

  it('accepts a base URL ending in /v1, with or without a trailing slash', () => {
    expect(loadConfig({ HOSTING_API_URL: 'https://api.example.com/v1' }).hostingApi.url).toBe(
      'https://api.example.com/v1',
    );
    expect(loadConfig({ HOSTING_API_URL: 'http://127.0.0.1:8080/api/v1/' }).hostingApi.url).toBe(
      'http://127.0.0.1:8080/api/v1/',
    );
  });

  it('names the variable and the reason for every other unusable value', () => {
    const cases: [string, string][] = [
      ['notaurl', 'HOSTING_API_URL must be a URL like https://api.example.com/v1'],
      ['ftp://127.0.0.1:9/v1', 'HOSTING_API_URL must use http or https, not ftp'],
      [
        'http://127.0.0.1:9/v1?key=secret',
        'HOSTING_API_URL must not carry credentials, a query or a fragment',
      ],
      [
        'https://user:pw@api.example.com/v1',
        'HOSTING_API_URL must not carry credentials, a query or a fragment',
      ],
    ];
    for (const [url, message] of cases) {
      expect(() => loadConfig({ HOSTING_API_URL: url })).toThrow(ConfigError);
      expect(() => loadConfig({ HOSTING_API_URL: url })).toThrow(message);
    }
    expect(() => loadConfig({ HOSTING_API_URL: 'http://127.0.0.1:9/v1?key=secret' })).not.toThrow(/secret/);
  });
});

describe('HOSTING_API_URL=simulator', () => {
  it('asks for the embedded simulator by name, in any case', () => {
    for (const word of ['simulator', 'SIMULATOR', ' Simulator ']) {
      const config = loadConfig({ HOSTING_API_URL: word });
      expect(config.hostingApi.url).toBeUndefined();
      expect(config.hostingApi.simulatorRequested).toBe(true);
    }
  });

  it('is not requested when the variable is unset or blank', () => {
    expect(loadConfig({}).hostingApi.simulatorRequested).toBe(false);
    expect(loadConfig({ HOSTING_API_URL: '' }).hostingApi.simulatorRequested).toBe(false);
  });
});
