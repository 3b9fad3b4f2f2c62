import { BlockList, isIP } from 'node:net';
import type { z } from 'zod';
import type { location } from '@rv/contracts/api/account';

export type Location = z.infer<typeof location>;

/** What the geolocation package answers for an address (fast-geoip's shape, a GeoLite2 city lookup). */
export interface GeoLookup {
  country?: string;
  region?: string;
  city?: string;
  ll?: [number, number];
}
type LookupFn = (ip: string) => Promise<GeoLookup | null>;

/**
 * The geolocation database ships inside an npm package and is read on this machine: no third-party
 * call, from the browser or from here. The name is kept in a variable so the server still builds and
 * runs (answering null) where the package is not installed.
 */
const GEO_PACKAGE = 'fast-geoip';
let loaded: Promise<LookupFn | null> | undefined;

function loadLookup(): Promise<LookupFn | null> {
  loaded ??= import(GEO_PACKAGE)
    .then((mod: { default?: { lookup?: LookupFn }; lookup?: LookupFn }) => {
      const api = mod.default ?? mod;
      return typeof api.lookup === 'function' ? (ip: string) => api.lookup!(ip) : null;
    })
    .catch(() => null);
  return loaded;
}

/** Loopback, private, link-local, carrier-grade NAT and unique-local ranges: no place on the map. */
const unroutable = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  unroutable.addSubnet(net, prefix, 'ipv4');
unroutable.addAddress('::', 'ipv6');
unroutable.addAddress('::1', 'ipv6');
unroutable.addSubnet('fc00::', 7, 'ipv6');
unroutable.addSubnet('fe80::', 10, 'ipv6');

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** The spec's Location from a database answer. */
export function toLocation(geo: GeoLookup): Location | null {
  if (!geo.country) return null;
  const countryCode = geo.country.toUpperCase();
  let country = countryCode;
  try {
    country = countryNames.of(countryCode) ?? countryCode;
  } catch {
    /* not a region code: keep the code */
  }
  const [latitude, longitude] = geo.ll ?? [];
  return {
    country,
    countryCode,
    ...(geo.region ? { region: geo.region } : {}),
    ...(geo.city ? { city: geo.city } : {}),
    ...(typeof latitude === 'number' && typeof longitude === 'number' ? { latitude, longitude } : {}),
  };
}

/** Where an address is, from the packaged database; null for local addresses, unknown ones, or without the package. */
export async function locateIp(ip: string): Promise<Location | null> {
  const address = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  const family = isIP(address);
  if (!family || unroutable.check(address, family === 4 ? 'ipv4' : 'ipv6')) return null;
  const find = await loadLookup();
  if (!find) return null;
  try {
    const geo = await find(address);
    return geo ? toLocation(geo) : null;
  } catch {
    return null;
  }
}

/** Whether the geolocation package is installed (tests that need real answers skip without it). */
export async function hasGeoDatabase(): Promise<boolean> {
  return (await loadLookup()) !== null;
}
