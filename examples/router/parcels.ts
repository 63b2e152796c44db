import { Description } from "@tooltype/core";

/** Where each parcel the fake carrier knows is, by tracking id. */
const whereabouts: Record<string, string> = {
  "PX-1001": "out for delivery in Oslo, expected before 18:00",
  "PX-2002": "waiting at the Rome depot for customs",
};

/** A parcel carrier whose one method is a tool, offered by the router whichever model answers. */
export class Parcels {
  /** How many times the tool ran (a failover never makes it run twice). */
  lookups = 0;

  /** @param trackingId the parcel's tracking id, e.g. "PX-1001" */
  @Description("Find out where a parcel is.")
  trackParcel(trackingId: string): string {
    this.lookups += 1;
    return whereabouts[trackingId.trim().toUpperCase()] ?? `No parcel with tracking id ${trackingId}.`;
  }
}
