/** Scenarios for both patches of Baokun Li's series, named once for the package. */
@Policies({"ext4-patch1", "ext4-patch2"})
package golden.pkg;

import org.locktable.dsl.Policies;
