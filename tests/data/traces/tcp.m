client 21770
server 21773
wait_ms 203.898
