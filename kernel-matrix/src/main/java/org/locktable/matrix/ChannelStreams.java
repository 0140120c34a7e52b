package org.locktable.matrix;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/**
 * Streams over a blocking socket channel that read and write at the same time. {@code Channels.newInputStream}
 * and {@code newOutputStream} share the channel's blocking lock, so a thread waiting for the guest's next line
 * would stop every write to it.
 */
final class ChannelStreams {
    private ChannelStreams() {
    }

    static InputStream in(SocketChannel ch) {
        return new InputStream() {
            @Override
            public int read() throws IOException {
                byte[] b = new byte[1];
                int n = read(b, 0, 1);
                return n < 0 ? -1 : b[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (len == 0) {
                    return 0;
                }
                int n = ch.read(ByteBuffer.wrap(b, off, len));
                return n < 0 ? -1 : n;
            }

            @Override
            public void close() throws IOException {
                ch.close();
            }
        };
    }

    static OutputStream out(SocketChannel ch) {
        return new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                ByteBuffer buf = ByteBuffer.wrap(b, off, len);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
            }

            @Override
            public void close() throws IOException {
                ch.close();
            }
        };
    }
}
