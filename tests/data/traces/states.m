busy 23335
sleep 23392
