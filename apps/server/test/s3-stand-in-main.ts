// The S3 stand-in as its own process (startS3StandInProcess): prints "listening <port>", and
// closes when its stdin ends (the test closing it, or the test process going away).
import { startS3StandIn } from './s3-stand-in.ts';

const standIn = await startS3StandIn(process.argv[2]);
process.stdout.write(`listening ${new URL(standIn.endpoint).port}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void standIn.close().then(() => process.exit(0));
});
