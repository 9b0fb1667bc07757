package config

// Each adapter names the variables it needs and lacks here, once: serve's
// needs refuse an enabled adapter with any missing, the emulator runs its
// local stub instead, and the smokes report them.

// Missing names the unset variables the Cloud API client needs.
func (m Messaging) Missing() []string {
	return unset(credential{"MESSAGING_ACCESS_TOKEN", m.AccessToken != ""},
		credential{"MESSAGING_PHONE_NUMBER_ID", m.PhoneNumberID != ""})
}

// Missing names the unset variables the CRM client needs.
func (c CRM) Missing() []string { return unset(credential{"CRM_ACCESS_TOKEN", c.AccessToken != ""}) }

// Missing names the unset variables the ERP client needs.
func (e ERP) Missing() []string { return unset(credential{"ERP_ACCESS_TOKEN", e.AccessToken != ""}) }

// credential is one variable an adapter needs, and whether it is set.
type credential struct {
	name string
	set  bool
}

func unset(creds ...credential) []string {
	var names []string
	for _, c := range creds {
		if !c.set {
			names = append(names, c.name)
		}
	}
	return names
}
