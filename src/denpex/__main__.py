from denpex.cli import main

main()
