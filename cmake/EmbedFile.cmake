# cmake -DINPUT=file -DOUTPUT=file.inc -P EmbedFile.cmake: INPUT's bytes as a
# comma-separated list of C integer literals, for an array initializer.
file(READ "${INPUT}" Hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," Bytes "${Hex}")
file(WRITE "${OUTPUT}" "${Bytes}\n")
