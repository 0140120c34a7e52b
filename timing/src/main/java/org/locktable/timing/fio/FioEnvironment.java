package org.locktable.timing.fio;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What a job file may refer to outside itself: environment variables ({@code ${VAR}}), the reserved keywords
 * {@code $pagesize}, {@code $ncpus} and {@code $mb_memory}, and {@code include}d files. Nothing is read
 * from the running system unless asked for ({@link #ofThisMachine()}), so parsing is reproducible.
 *
 * @param variables values for {@code ${VAR}}; an undefined variable expands to the empty string, as in fio
 * @param pagesize bytes, for {@code $pagesize}
 * @param ncpus for {@code $ncpus}
 * @param mbMemory MiB of memory, for {@code $mb_memory}
 * @param includes finds the text of {@code include}d files
 * @param defaultSize bytes assumed for a job that gives neither {@code size} nor {@code filesize}, with a
 *                    warning; {@code null} makes that an error (fio would take the size of existing files,
 *                    which a job description does not give)
 */
public record FioEnvironment(Map<String, String> variables, long pagesize, int ncpus, long mbMemory,
        IncludeResolver includes, Long defaultSize) {

    /** Finds an included job file. */
    @FunctionalInterface
    public interface IncludeResolver {
        /**
         * @param name the file named after {@code include}
         * @param includingSource the name of the file that has the {@code include} line
         * @return the file's name (for messages) and text, or empty if there is no such file
         */
        Optional<Included> resolve(String name, String includingSource);
    }

    /** An included file: its name for messages and its text. */
    public record Included(String source, String text) {
    }

    /**
     * fio's rule: the name as given (relative to the working directory), else relative to the directory
     * of the including file.
     */
    public static final IncludeResolver FILE_SYSTEM = (name, includingSource) -> {
        Path direct = Paths.get(name);
        Path chosen = null;
        if (Files.isRegularFile(direct)) {
            chosen = direct;
        } else if (includingSource != null) {
            Path parent = Paths.get(includingSource).getParent();
            if (parent != null && Files.isRegularFile(parent.resolve(name))) {
                chosen = parent.resolve(name);
            }
        }
        if (chosen == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(new Included(chosen.toString(), Files.readString(chosen, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    };

    public FioEnvironment {
        variables = Map.copyOf(Objects.requireNonNull(variables, "variables"));
        Objects.requireNonNull(includes, "includes");
        if (pagesize <= 0 || ncpus <= 0 || mbMemory <= 0) {
            throw new IllegalArgumentException("pagesize, ncpus and mbMemory must be positive");
        }
        if (defaultSize != null && defaultSize <= 0) {
            throw new IllegalArgumentException("defaultSize must be positive");
        }
    }

    /** No variables, 4 KiB pages, 4 CPUs, 16 GiB, includes from the file system, no default size. */
    public static FioEnvironment defaults() {
        return new FioEnvironment(Map.of(), 4096, 4, 16384, FILE_SYSTEM, null);
    }

    /**
     * This process's environment variables, CPU count and memory ({@code MemTotal} of {@code /proc/meminfo}
     * where there is one, else the JVM's maximum heap); the page size is taken as 4096.
     */
    public static FioEnvironment ofThisMachine() {
        long mb = Math.max(1, Runtime.getRuntime().maxMemory() / (1024 * 1024));
        try {
            for (String line : Files.readAllLines(Paths.get("/proc/meminfo"), StandardCharsets.US_ASCII)) {
                if (line.startsWith("MemTotal:")) {
                    mb = Math.max(1, Long.parseLong(line.replaceAll("[^0-9]", "")) / 1024);
                    break;
                }
            }
        } catch (IOException | NumberFormatException | SecurityException e) {
            // keep the JVM's figure
        }
        return new FioEnvironment(System.getenv(), 4096, Runtime.getRuntime().availableProcessors(), mb,
                FILE_SYSTEM, null);
    }

    public FioEnvironment withVariable(String name, String value) {
        Map<String, String> m = new HashMap<>(variables);
        m.put(name, value);
        return new FioEnvironment(m, pagesize, ncpus, mbMemory, includes, defaultSize);
    }

    public FioEnvironment withVariables(Map<String, String> vars) {
        return new FioEnvironment(vars, pagesize, ncpus, mbMemory, includes, defaultSize);
    }

    public FioEnvironment withSystem(long pagesize, int ncpus, long mbMemory) {
        return new FioEnvironment(variables, pagesize, ncpus, mbMemory, includes, defaultSize);
    }

    public FioEnvironment withIncludes(IncludeResolver resolver) {
        return new FioEnvironment(variables, pagesize, ncpus, mbMemory, resolver, defaultSize);
    }

    /** Includes from a map of name to text (for tests and embedded job files). */
    public FioEnvironment withIncludes(Map<String, String> files) {
        Map<String, String> copy = Map.copyOf(files);
        return withIncludes((name, from) -> Optional.ofNullable(copy.get(name)).map(t -> new Included(name, t)));
    }

    public FioEnvironment withDefaultSize(Long bytes) {
        return new FioEnvironment(variables, pagesize, ncpus, mbMemory, includes, bytes);
    }
}
