// The archetype plugin writes the generated files without their modes: ci/locktable-ci.sh is run as a program.
def script = new File(new File(request.outputDirectory, request.artifactId), 'ci/locktable-ci.sh')
if (!script.setExecutable(true, false)) {
    throw new IllegalStateException("cannot make ${script} executable")
}
