#!/usr/bin/env node
/**
 * The baseline: a bare node:http server that sends one fixed response (body and headers
 * read from a JSON file), in its own process like the site, so the comparison is fair.
 *   node bench/lib/bare-server.mjs <port> <response.json>
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
const { headers, body } = JSON.parse(readFileSync(file, 'utf8'));
const bytes = Buffer.from(body, 'base64');
http
	.createServer((req, res) => {
		res.writeHead(200, headers);
		res.end(bytes);
	})
	.listen(Number(port), '127.0.0.1', () => console.log('ready'));
