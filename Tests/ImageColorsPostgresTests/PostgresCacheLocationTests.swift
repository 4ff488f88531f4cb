import ImageColorsPostgres
import Testing

@Suite("PostgreSQL cache URLs: TCP, Unix sockets, defaults, masked passwords")
struct PostgresCacheLocationTests {
    @Test("Given a TCP URL with credentials, then host, port, user, password and database are read")
    func tcp() throws {
        let location = try PostgresCacheLocation("postgres://app:s3cret@db.internal:6543/cache?sslmode=disable")
        #expect(location.endpoint == .tcp(host: "db.internal", port: 6543))
        #expect(location.user == "app")
        #expect(location.password == "s3cret")
        #expect(location.database == "cache")
        #expect(location.tlsMode == .disable)
        #expect(location.description == "postgres://app:***@db.internal:6543/cache")
    }

    @Test("Given postgresql:// without port, user or database, then libpq's defaults: 5432, $USER, the user's name")
    func defaults() throws {
        let location = try PostgresCacheLocation("postgresql://db", environment: ["USER": "deploy"])
        #expect(location.endpoint == .tcp(host: "db", port: 5432))
        #expect(location.user == "deploy")
        #expect(location.password == nil)
        #expect(location.database == "deploy")
        #expect(location.tlsMode == .prefer)
    }

    @Test("Given a socket folder as ?host= or as the encoded host, then the socket .s.PGSQL.PORT in it")
    func unixSocket() throws {
        let query = try PostgresCacheLocation("postgres:///cache?host=/run/postgresql&user=app", environment: [:])
        #expect(query.endpoint == .unixSocket(path: "/run/postgresql/.s.PGSQL.5432"))
        #expect(query.user == "app")
        #expect(query.database == "cache")
        let encoded = try PostgresCacheLocation("postgres://app@%2Ftmp%2Fpg:5433/cache")
        #expect(encoded.endpoint == .unixSocket(path: "/tmp/pg/.s.PGSQL.5433"))
    }

    @Test("Given $PGPASSWORD and a URL without a password, then the environment's is used and never printed")
    func passwordFromEnvironment() throws {
        let location = try PostgresCacheLocation("postgres://app@db/cache", environment: ["PGPASSWORD": "hidden"])
        #expect(location.password == "hidden")
        #expect(!location.description.contains("hidden"))
    }

    @Test(
        "Given malformed URLs, then each is refused with a reason and its password masked",
        arguments: [
            ("postgres://app:pw1@db:99999/x", "port"),
            ("postgres://app:pw1@db/x?sslmod=disable", "unknown parameter 'sslmod'"),
            ("postgres://app@db/x?password=pw1&sslmode=maybe", "sslmode"),
            ("postgres://app:pw1@/x", "no host"),
            ("postgres://app:pw1@db/x/y", "one database name"),
        ])
    func refused(url: String, reason: String) {
        #expect {
            try PostgresCacheLocation(url)
        } throws: { error in
            let text = "\(error)"
            return (error as? PostgresCacheError)?.code == "invalid-cache-url" && text.contains(reason)
                && !text.contains("pw1") && text.contains("***")
        }
    }

    @Test("Given cache values, then only postgres:// and postgresql:// URLs are PostgreSQL ones")
    func recognised() {
        #expect(PostgresCacheLocation.isPostgresURL("postgres://db/x"))
        #expect(PostgresCacheLocation.isPostgresURL("PostgreSQL://db/x"))
        #expect(!PostgresCacheLocation.isPostgresURL("/var/cache/imagecolors.sqlite"))
        #expect(!PostgresCacheLocation.isPostgresURL("postgres.sqlite"))
    }
}
