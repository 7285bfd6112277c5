"""The single file's entry point (build/single_file.py): ``companion`` as the wheel's script."""
from companion.__main__ import main

if __name__ == "__main__":
    main()
