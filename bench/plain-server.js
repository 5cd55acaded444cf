// @ts-check
// The bench's yardstick (bench/index.ts): a plain node:http server, in a process of its own,
// answering every request with the bytes the app answered, read from the file named on the
// command line ({ status, headers, body (base64) }). Prints "ready" once listening.
import fs from 'node:fs'
import http from 'node:http'

const [file, port] = process.argv.slice(2)
if (!file || !port) throw new Error('usage: node bench/plain-server.js <answer.json> <port>')
const answer = JSON.parse(fs.readFileSync(file, 'utf8'))
const body = Buffer.from(answer.body, 'base64')
const headers = { ...answer.headers, 'content-length': body.length }

http
  .createServer((_req, res) => {
    res.writeHead(answer.status, headers)
    res.end(body)
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'))
