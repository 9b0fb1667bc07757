package persistence

// attrVersion is the optimistic-concurrency counter of records written with
// read-modify-write (sessions, latest markers).
const attrVersion = "version"

// casAttempts bounds the read-modify-write retries of a repository method
// that resolves its own conflicts; contention on one phone's items is low, so
// running out means something is wrong rather than busy.
const casAttempts = 8

// versionIs holds when the stored item exists and carries version v. Version
// 0 also stands for items written before versions existed, which lack the
// attribute.
func versionIs(v int64) Condition {
	if v == 0 {
		return And(Exists(AttrPK), Or(NotExists(attrVersion), Equal(attrVersion, 0)))
	}
	return Equal(attrVersion, v)
}
