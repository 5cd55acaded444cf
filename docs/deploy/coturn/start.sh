#!/bin/sh
# Starts coturn on Fly.io with the TURN REST scheme Solace's credentials use (use-auth-secret).
# Fly delivers UDP only to the fly-global-services address, on the same port as outside, and
# only to a dedicated IPv4 address; TCP listens on every address.
set -eu
: "${TURN_SECRET:?set TURN_SECRET, the same secret as the app's}"
: "${TURN_REALM:?set TURN_REALM, the TURN server's host name}"
udp_ip=$(getent hosts fly-global-services | awk '{ print $1; exit }')
public_ip=${TURN_PUBLIC_IP:-$(getent hosts "$FLY_APP_NAME.fly.dev" | awk '/\./ { print $1; exit }')}
exec turnserver -n --log-file=stdout --no-cli --fingerprint \
  --use-auth-secret --static-auth-secret="$TURN_SECRET" --realm="$TURN_REALM" \
  --listening-port=3478 --listening-ip="$udp_ip" --relay-ip="$udp_ip" --external-ip="$public_ip/$udp_ip" \
  --min-port=49160 --max-port=49169 --total-quota=10 \
  --no-multicast-peers --denied-peer-ip=10.0.0.0-10.255.255.255 \
  --denied-peer-ip=172.16.0.0-172.31.255.255 --denied-peer-ip=192.168.0.0-192.168.255.255 \
  --denied-peer-ip=fc00::-fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff
